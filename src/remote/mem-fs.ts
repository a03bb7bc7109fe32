// A small in-memory file system with the promises API isomorphic-git calls (readFile, writeFile, mkdir,
// rmdir, unlink, stat, lstat, readdir, readlink, symlink). The clone never touches the disk, and a byte
// budget bounds what the remote can make it hold.
import { posix } from 'node:path';

type Node =
  | { kind: 'dir'; children: Set<string> }
  | { kind: 'file'; data: Buffer; mode: number }
  | { kind: 'link'; target: string };

export interface MemStats {
  mode: number;
  size: number;
  ino: number;
  dev: number;
  uid: number;
  gid: number;
  mtimeMs: number;
  ctimeMs: number;
  mtime: Date;
  ctime: Date;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

type Encoding = 'utf8' | 'utf-8';
type ReadOptions = Encoding | { encoding?: Encoding | null } | undefined;
type WriteOptions = Encoding | { encoding?: Encoding | null; mode?: number } | undefined;

function fsError(code: string, op: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${op} '${path}'`), { code, path });
}

export class MemoryFs {
  private readonly nodes = new Map<string, Node>([['/', { kind: 'dir', children: new Set() }]]);
  private bytes = 0;
  /** Set once a write was refused for the budget: the caller reports the cap instead of isomorphic-git's error. */
  exceeded = false;

  constructor(private readonly budget: number) {}

  get storedBytes(): number {
    return this.bytes;
  }

  private norm(path: string): string {
    if (typeof path !== 'string') throw fsError('EINVAL', 'access', String(path));
    const p = posix.normalize(posix.isAbsolute(path) ? path : `/${path}`);
    return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  }

  private dirOf(path: string, op: string): { kind: 'dir'; children: Set<string> } {
    const parent = this.nodes.get(posix.dirname(path));
    if (!parent) throw fsError('ENOENT', op, path);
    if (parent.kind !== 'dir') throw fsError('ENOTDIR', op, path);
    return parent;
  }

  private get(path: string, op: string): Node {
    const node = this.nodes.get(path);
    if (!node) throw fsError('ENOENT', op, path);
    return node;
  }

  async readFile(path: string, options?: ReadOptions): Promise<Buffer | string> {
    const p = this.norm(path);
    const node = this.get(p, 'open');
    if (node.kind === 'dir') throw fsError('EISDIR', 'read', p);
    if (node.kind === 'link') throw fsError('ENOENT', 'open', p);
    const encoding = typeof options === 'string' ? options : options?.encoding;
    return encoding ? node.data.toString('utf8') : Buffer.from(node.data);
  }

  async writeFile(path: string, data: Uint8Array | string, options?: WriteOptions): Promise<void> {
    const p = this.norm(path);
    const parent = this.dirOf(p, 'open');
    const existing = this.nodes.get(p);
    if (existing?.kind === 'dir') throw fsError('EISDIR', 'open', p);
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    const freed = existing?.kind === 'file' ? existing.data.length : 0;
    if (this.bytes - freed + buf.length > this.budget) {
      this.exceeded = true;
      throw fsError('ENOSPC', 'write', p);
    }
    this.bytes += buf.length - freed;
    const mode = typeof options === 'object' && options.mode !== undefined ? options.mode : 0o644;
    this.nodes.set(p, { kind: 'file', data: buf, mode });
    parent.children.add(posix.basename(p));
  }

  async mkdir(path: string, options?: { recursive?: boolean } | number): Promise<void> {
    const p = this.norm(path);
    const recursive = typeof options === 'object' && options.recursive === true;
    if (this.nodes.has(p)) {
      if (recursive && this.nodes.get(p)?.kind === 'dir') return;
      throw fsError('EEXIST', 'mkdir', p);
    }
    if (recursive && !this.nodes.has(posix.dirname(p))) await this.mkdir(posix.dirname(p), { recursive: true });
    const parent = this.dirOf(p, 'mkdir');
    this.nodes.set(p, { kind: 'dir', children: new Set() });
    parent.children.add(posix.basename(p));
  }

  async rmdir(path: string): Promise<void> {
    const p = this.norm(path);
    const node = this.get(p, 'rmdir');
    if (node.kind !== 'dir') throw fsError('ENOTDIR', 'rmdir', p);
    if (node.children.size > 0) throw fsError('ENOTEMPTY', 'rmdir', p);
    if (p === '/') throw fsError('EBUSY', 'rmdir', p);
    this.nodes.delete(p);
    this.dirOf(p, 'rmdir').children.delete(posix.basename(p));
  }

  async unlink(path: string): Promise<void> {
    const p = this.norm(path);
    const node = this.get(p, 'unlink');
    if (node.kind === 'dir') throw fsError('EISDIR', 'unlink', p);
    if (node.kind === 'file') this.bytes -= node.data.length;
    this.nodes.delete(p);
    this.dirOf(p, 'unlink').children.delete(posix.basename(p));
  }

  async readdir(path: string): Promise<string[]> {
    const p = this.norm(path);
    const node = this.get(p, 'scandir');
    if (node.kind !== 'dir') throw fsError('ENOTDIR', 'scandir', p);
    return [...node.children].sort();
  }

  async lstat(path: string): Promise<MemStats> {
    const p = this.norm(path);
    return statsOf(this.get(p, 'lstat'));
  }

  /** Links are never followed, not even here: a link has no target in this file system. */
  async stat(path: string): Promise<MemStats> {
    const p = this.norm(path);
    const node = this.get(p, 'stat');
    if (node.kind === 'link') throw fsError('ENOENT', 'stat', p);
    return statsOf(node);
  }

  async readlink(path: string): Promise<string> {
    const p = this.norm(path);
    const node = this.get(p, 'readlink');
    if (node.kind !== 'link') throw fsError('EINVAL', 'readlink', p);
    return node.target;
  }

  async symlink(target: string, path: string): Promise<void> {
    const p = this.norm(path);
    if (this.nodes.has(p)) throw fsError('EEXIST', 'symlink', p);
    const parent = this.dirOf(p, 'symlink');
    this.nodes.set(p, { kind: 'link', target });
    parent.children.add(posix.basename(p));
  }
}

const EPOCH = new Date(0);

function statsOf(node: Node): MemStats {
  const size = node.kind === 'file' ? node.data.length : node.kind === 'link' ? node.target.length : 0;
  const mode = node.kind === 'dir' ? 0o40755 : node.kind === 'link' ? 0o120000 : 0o100000 | node.mode;
  return {
    mode, size, ino: 0, dev: 0, uid: 0, gid: 0, mtimeMs: 0, ctimeMs: 0, mtime: EPOCH, ctime: EPOCH,
    isFile: () => node.kind === 'file',
    isDirectory: () => node.kind === 'dir',
    isSymbolicLink: () => node.kind === 'link',
  };
}
