// A real, throwaway PostgreSQL server for tests and benchmarks of the relay's PostgreSQL storage: initdb into a fresh
// temporary folder, start on a free port of 127.0.0.1 (its unix socket inside that folder, so it never meets a
// system server), and stop and delete it all afterwards. Needs Debian's `postgresql` package (.ci/run installs it).
//
// initdb and postgres refuse to run as root; tests may run as root (CI containers), so then the server runs as the
// `postgres` user that Debian's package creates, and owns its folder.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const SERVER_USER = 'postgres';
const SUPERUSER = 'postgres';

export interface PostgresServer {
  /** A database created for the caller, e.g. `postgres://postgres@127.0.0.1:54012/relay`. */
  url: string;
  /** Creates another empty database on the same server (tests isolate by database) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface PostgresServerOptions {
  /**
   * Off (the default) for tests: a throwaway server need not survive a power cut, and without fsync it starts and
   * commits much faster. A benchmark measuring durable commits turns it on.
   */
  fsync?: boolean;
  /** The first database's name. */
  database?: string;
}

export async function startPostgres(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinaries();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'relay-pg-'));
  const data = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownToServerUser(folder);
  const exec = (program: string, args: string[]) => runAs(asRoot, path.join(bin, program), args);
  try {
    await exec('initdb', ['-D', data, '--auth=trust', `--username=${SUPERUSER}`, '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${folder}`,
      `-c listen_addresses=127.0.0.1`,
      `-c fsync=${options.fsync ? 'on' : 'off'}`,
      `-c full_page_writes=${options.fsync ? 'on' : 'off'}`,
      '-c max_connections=200',
    ];
    await exec('pg_ctl', ['-D', data, '-l', path.join(folder, 'server.log'), '-w', '-t', '60', '-o', settings.join(' '), 'start']);
    const stopOnExit = () => stopNow(asRoot, bin, data);
    process.once('exit', stopOnExit);
    const admin = `postgres://${SUPERUSER}@127.0.0.1:${port}`;
    let count = 0;
    const createDatabase = async (name = `relay_${++count}`) => {
      await withClient(`${admin}/postgres`, (client) => client.query(`CREATE DATABASE "${name}"`));
      return `${admin}/${name}`;
    };
    const url = await createDatabase(options.database ?? 'relay');
    return {
      url,
      createDatabase,
      stop: async () => {
        process.off('exit', stopOnExit);
        await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    stopNow(asRoot, bin, data);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** The newest version's bin folder under /usr/lib/postgresql (Debian keeps initdb there, off PATH), else PATH. */
function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
  if (found) return found;
  const onPath = (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir && existsSync(path.join(dir, 'initdb')));
  if (onPath) return onPath;
  throw new Error('PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin or on PATH): apt-get install postgresql');
}

function chownToServerUser(folder: string): void {
  const id = (flag: string) => Number(spawnSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid === 0) throw new Error(`Running as root, so PostgreSQL must run as the "${SERVER_USER}" user, which does not exist.`);
  chownSync(folder, uid, gid);
}

/** As root, through runuser (util-linux, on every Debian): the server must not run as root. */
async function runAs(asRoot: boolean, program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', SERVER_USER, '--', program, ...args]] : [program, args];
  try {
    await run(command, commandArgs, { timeout: 90_000 });
  } catch (error) {
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    throw new Error(`${path.basename(program)} failed: ${(stderr || stdout || String(error)).trim()}`, { cause: error });
  }
}

/** For a test process that ends without stop(): the server must not outlive it. */
function stopNow(asRoot: boolean, bin: string, data: string): void {
  if (!existsSync(path.join(data, 'postmaster.pid'))) return;
  const program = path.join(bin, 'pg_ctl');
  const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  if (asRoot) spawnSync('runuser', ['-u', SERVER_USER, '--', program, ...args]);
  else spawnSync(program, args);
}

/** A port nobody listens on now (another process may take it before the server does; then start fails loudly). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
