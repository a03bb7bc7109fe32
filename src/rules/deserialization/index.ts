import type { Rule } from '../types.js';
import { ds1 } from './ds1-php-unserialize.js';
import { ds2 } from './ds2-ruby-marshal.js';
import { ds3 } from './ds3-ruby-yaml-load.js';
import { ds4 } from './ds4-js-unsafe-deserialize.js';

export const deserializationRules: readonly Rule[] = [ds1, ds2, ds3, ds4];
