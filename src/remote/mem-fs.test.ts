import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryFs } from './mem-fs.js';

describe('in-memory file system', () => {
  it('behaves like the node promises API isomorphic-git expects (error codes included)', async () => {
    const fs = new MemoryFs(1024);
    await fs.mkdir('/r');
    await assert.rejects(fs.mkdir('/r'), { code: 'EEXIST' });
    await assert.rejects(fs.writeFile('/r/a/b', 'x'), { code: 'ENOENT' });
    await fs.writeFile('/r/f', 'hello');
    assert.equal(await fs.readFile('/r/f', 'utf8'), 'hello');
    assert.deepEqual(await fs.readFile('/r/f'), Buffer.from('hello'));
    await assert.rejects(fs.readFile('/r'), { code: 'EISDIR' });
    await assert.rejects(fs.rmdir('/r'), { code: 'ENOTEMPTY' });
    assert.deepEqual(await fs.readdir('/r'), ['f']);
    assert.equal((await fs.stat('/r/f')).size, 5);
    await fs.symlink('/etc/passwd', '/r/l');
    assert.equal((await fs.lstat('/r/l')).isSymbolicLink(), true);
    await assert.rejects(fs.stat('/r/l'), { code: 'ENOENT' }, 'a link is never followed');
    await fs.unlink('/r/f');
    await assert.rejects(fs.stat('/r/f'), { code: 'ENOENT' });
  });

  it('refuses writes over its byte budget and remembers that it did', async () => {
    const fs = new MemoryFs(10);
    await fs.writeFile('/a', '12345');
    await fs.writeFile('/a', '1234567890');
    assert.equal(fs.storedBytes, 10);
    await assert.rejects(fs.writeFile('/b', 'x'), { code: 'ENOSPC' });
    assert.equal(fs.exceeded, true);
  });
});
