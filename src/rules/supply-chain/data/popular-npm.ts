// Widely used npm packages, the reference set for SC6 typosquat checks on package.json dependencies.
export const POPULAR_NPM: readonly string[] = `
lodash chalk react react-dom express axios commander debug tslib typescript moment request uuid semver
fs-extra glob minimist yargs async bluebird underscore classnames prop-types vue webpack babel-core
core-js dotenv body-parser jquery inquirer mkdirp rimraf colors cheerio q node-fetch ws
socket.io socket.io-client rxjs zone.js @angular/core @angular/common redux react-redux react-router
react-router-dom next nuxt svelte vite rollup esbuild parcel gulp grunt mocha jest chai sinon jasmine karma
ava tap vitest cypress playwright puppeteer @playwright/test eslint prettier stylelint husky lint-staged
nodemon ts-node tsx concurrently cross-env npm-run-all dotenv-expand yaml js-yaml json5 ini toml xml2js
fast-xml-parser csv-parse papaparse xlsx pdfkit sharp jimp canvas multer formidable busboy cors helmet
morgan cookie-parser express-session passport passport-jwt passport-local jsonwebtoken bcrypt bcryptjs
crypto-js node-forge jose validator joi yup zod ajv class-validator class-transformer reflect-metadata
mongoose mongodb mysql mysql2 pg pg-promise sequelize typeorm prisma @prisma/client knex sqlite3
better-sqlite3 redis ioredis bull bullmq amqplib kafkajs graphql apollo-server @apollo/client graphql-tag
koa koa-router hapi @hapi/hapi fastify restify @nestjs/core @nestjs/common socket.io-redis
winston pino bunyan log4js morgan signale ora cli-progress progress boxen figlet cli-table3 table
chokidar watchpack through2 readable-stream stream-browserify event-stream once inherits safe-buffer
buffer process util assert events string_decoder path-browserify url querystring punycode
qs form-data mime mime-types content-type accepts vary on-finished finalhandler serve-static send
http-proxy http-proxy-middleware http-errors depd statuses raw-body iconv-lite bytes ms escape-html
encodeurl etag fresh parseurl range-parser cookie cookie-signature merge-descriptors methods utils-merge
path-to-regexp proxy-addr forwarded ipaddr.js negotiator type-is media-typer destroy ee-first setprototypeof
toidentifier unpipe safer-buffer side-channel get-intrinsic has-symbols function-bind call-bind es-errors
define-properties object-keys object-assign is-callable has-property-descriptors gopd hasown
supports-color has-flag color-convert color-name ansi-styles ansi-regex strip-ansi string-width
wrap-ansi cliui y18n escalade get-caller-file require-directory emoji-regex is-fullwidth-code-point
picocolors kleur kolorist cli-cursor restore-cursor signal-exit onetime mimic-fn log-symbols
is-unicode-supported figures cli-spinners wcwidth defaults clone strip-json-comments
micromatch picomatch braces fill-range to-regex-range is-number anymatch normalize-path glob-parent
is-glob is-extglob fast-glob merge2 @nodelib/fs.walk fastq reusify run-parallel queue-microtask
minimatch brace-expansion balanced-match concat-map fs.realpath inflight path-is-absolute wrappy
graceful-fs jsonfile universalify lru-cache yallist which isexe cross-spawn shebang-command
shebang-regex path-key execa get-stream human-signals npm-run-path strip-final-newline is-stream
tar tar-stream tar-fs archiver unzipper adm-zip jszip yauzl yazl pako
source-map source-map-support @babel/core @babel/preset-env @babel/parser @babel/traverse @babel/types
@babel/generator @babel/runtime @babel/cli @babel/preset-react @babel/preset-typescript babel-loader
babel-jest ts-jest ts-loader css-loader style-loader sass-loader postcss-loader file-loader url-loader
html-webpack-plugin mini-css-extract-plugin terser terser-webpack-plugin webpack-cli webpack-dev-server
postcss autoprefixer tailwindcss sass less stylus styled-components @emotion/react @emotion/styled
@mui/material @material-ui/core antd bootstrap react-bootstrap bulma semantic-ui-react @headlessui/react
framer-motion react-spring d3 chart.js recharts three leaflet mapbox-gl echarts highcharts
date-fns dayjs luxon moment-timezone numeral big.js bignumber.js decimal.js mathjs
immer immutable mobx zustand recoil jotai swr @tanstack/react-query react-query react-hook-form formik
i18next react-i18next intl-messageformat marked markdown-it remark rehype unified highlight.js prismjs
dompurify sanitize-html xss he entities htmlparser2 parse5 jsdom domhandler domutils css-select
nanoid shortid cuid uuidv4 crypto-random-string randomstring hashids object-hash
ramda lodash-es fp-ts rambda deepmerge deep-equal fast-deep-equal clone-deep lodash.merge lodash.get
lodash.set lodash.debounce lodash.throttle lodash.clonedeep lodash.isequal debounce throttle-debounce
eventemitter3 mitt emittery p-limit p-map p-queue p-retry p-timeout async-retry retry
node-cron cron agenda bree node-schedule
aws-sdk @aws-sdk/client-s3 firebase firebase-admin @google-cloud/storage googleapis stripe twilio
nodemailer @sendgrid/mail mailgun-js slack @slack/web-api discord.js telegraf openai @anthropic-ai/sdk
langchain @langchain/core ai @modelcontextprotocol/sdk
electron electron-builder electron-updater react-native expo @expo/vector-icons
ejs pug handlebars mustache nunjucks hbs
open opn clipboardy conf configstore env-paths xdg-basedir os-homedir home-dir tmp temp
semver-regex compare-versions node-gyp nan node-addon-api prebuild-install bindings node-pre-gyp
sockjs sockjs-client engine.io mqtt
`.split(/\s+/).filter((n) => n.length > 0);
