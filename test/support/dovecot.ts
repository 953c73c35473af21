import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImapFlow } from 'imapflow';

// A throwaway Dovecot IMAP server on a free loopback port, for tests (recipe and gotchas:
// /work/shared/reference/mail-and-database.md §1). Everything lives in one temp dir: config,
// passwd-file with the single user judge/secret, Maildir, logs, pid file. As root every Dovecot
// process runs as `nobody` (setpriv); otherwise as the calling user. Start takes ~0.05 s,
// restart ~1.2 s (the master waits for its log process), stop (SIGKILL) a few ms.
//
//   const dovecot = await startDovecot();
//   await dovecot.appendMessage(raw);            // APPEND over IMAP, returns the UID
//   await dovecot.restart({ resetUids: true });  // new UIDVALIDITY, UIDs handed out again
//   await dovecot.stop();

export const DOVECOT_BINARY = '/usr/sbin/dovecot';
export const DOVECOT_USER = 'judge';
export const DOVECOT_PASSWORD = 'secret';
const HOST = '127.0.0.1';

export interface StoredMessage {
  readonly uid: number;
  readonly flags: readonly string[];
  readonly messageId: string | null;
}

export interface DovecotServer {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** imap://judge:secret@127.0.0.1:PORT/INBOX */
  readonly url: string;
  readonly dir: string;
  /** APPENDs a mail (over IMAP, as the user) and returns where it landed. */
  appendMessage(raw: string | Buffer, mailbox?: string): Promise<{ readonly uid: number; readonly uidvalidity: string }>;
  /** The mailbox's mail in UID order, read without changing flags. */
  listMessages(mailbox?: string): Promise<StoredMessage[]>;
  /** UIDVALIDITY and UIDNEXT of a mailbox. */
  mailboxState(mailbox?: string): Promise<{ readonly uidvalidity: string; readonly uidNext: number; readonly messages: number }>;
  /**
   * Stops and starts the server on the same port. With `resetUids` the INBOX's uidlist and
   * index go in between, so Dovecot picks a new UIDVALIDITY and numbers the mail from 1 again.
   */
  restart(options?: { readonly resetUids?: boolean }): Promise<void>;
  /** Stops the server and removes its directory. Safe to call twice. */
  stop(): Promise<void>;
  /** The server's log, for failure messages. */
  log(): Promise<string>;
}

/** Tests may skip only when this is false and CI is not set. */
export function dovecotInstalled(): boolean {
  return existsSync(DOVECOT_BINARY);
}

export async function startDovecot(): Promise<DovecotServer> {
  if (!dovecotInstalled()) {
    throw new Error(`Dovecot is not installed (${DOVECOT_BINARY} missing): run .ci/install-dovecot.sh, or apt-get install dovecot-imapd`);
  }
  const identity = await runIdentity();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-dovecot-'));
  try {
    const port = await launchOnFreePort(dir, identity);
    return new RunningDovecot(dir, port, identity);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------

interface RunIdentity {
  readonly user: string;
  readonly group: string;
  readonly uid: number;
  readonly gid: number;
  /** setpriv prefix when root must drop to `nobody`. */
  readonly prefix: readonly string[];
}

const running = new Set<RunningDovecot>();
// A test process that dies without teardown must not leave Dovecots behind.
process.once('exit', () => {
  for (const server of running) server.killNow();
});

class RunningDovecot implements DovecotServer {
  readonly host = HOST;
  readonly user = DOVECOT_USER;
  readonly password = DOVECOT_PASSWORD;
  private stopped = false;

  constructor(
    readonly dir: string,
    readonly port: number,
    private readonly identity: RunIdentity,
  ) {
    running.add(this);
  }

  get url(): string {
    return `imap://${this.user}:${this.password}@${this.host}:${this.port}/INBOX`;
  }

  async appendMessage(raw: string | Buffer, mailbox = 'INBOX') {
    return this.withClient(async (client) => {
      const appended = await client.append(mailbox, raw);
      if (!appended || appended.uid === undefined || appended.uidValidity === undefined) throw new Error(`APPEND to ${mailbox} gave no APPENDUID`);
      return { uid: appended.uid, uidvalidity: appended.uidValidity.toString() };
    });
  }

  async listMessages(mailbox = 'INBOX'): Promise<StoredMessage[]> {
    return this.withClient(async (client) => {
      const box = await client.mailboxOpen(mailbox, { readOnly: true });
      if (box.exists === 0) return [];
      const messages = await client.fetchAll('1:*', { uid: true, flags: true, envelope: true });
      return messages.map((m) => ({ uid: m.uid, flags: [...(m.flags ?? [])].sort(), messageId: m.envelope?.messageId ?? null })).sort((a, b) => a.uid - b.uid);
    });
  }

  async mailboxState(mailbox = 'INBOX') {
    return this.withClient(async (client) => {
      const status = await client.status(mailbox, { uidValidity: true, uidNext: true, messages: true });
      if (!status) throw new Error(`no STATUS for ${mailbox}`);
      return { uidvalidity: String(status.uidValidity), uidNext: status.uidNext ?? 0, messages: status.messages ?? 0 };
    });
  }

  async restart(options: { readonly resetUids?: boolean } = {}): Promise<void> {
    await this.halt({ graceful: true });
    if (options.resetUids) {
      const maildir = path.join(this.dir, 'home', DOVECOT_USER, 'Maildir');
      // Dovecot takes the clock's second as the new UIDVALIDITY: within the second the old one was
      // taken it would hand out the same one, and the reset would not be one.
      const header = await readFile(path.join(maildir, 'dovecot-uidlist'), 'utf8').catch(() => '');
      const old = Number(/^\d+ V(\d+)/.exec(header)?.[1] ?? 0);
      while (Math.floor(Date.now() / 1000) <= old) await sleep(50);
      for (const name of await readdir(maildir)) {
        if (name === 'dovecot-uidlist' || name.startsWith('dovecot.index')) await unlink(path.join(maildir, name));
      }
    }
    await launch(this.dir, this.port, this.identity);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    try {
      // A throwaway server needs no orderly shutdown; this saves the master's ~1.1 s.
      await this.halt({ graceful: false });
    } finally {
      running.delete(this);
      await rm(this.dir, { recursive: true, force: true });
    }
  }

  async log(): Promise<string> {
    return readFile(path.join(this.dir, 'dovecot.log'), 'utf8').catch(() => '(no log)');
  }

  /** SIGKILL to every process of this instance; synchronous, so it also serves at process exit. */
  killNow(): void {
    for (const pid of instancePidsSync(this.dir, this.port)) killQuietly(pid, 'SIGKILL');
  }

  /**
   * SIGTERM to the master, which removes its pid file and closes the port after ~1.1 s. Its
   * imap processes outlive it (they only notice ~8 s later), so the instance's remaining
   * processes are then killed: every client connection drops, as when a server restarts.
   */
  private async halt(options: { readonly graceful: boolean }): Promise<void> {
    const pid = Number((await readFile(pidFile(this.dir), 'utf8').catch(() => '')).trim());
    if (pid > 0 && options.graceful) {
      killQuietly(pid, 'SIGTERM');
      // The master removes its pid file as it exits. (The master is not our child: once gone it
      // stays a zombie until init reaps it, so "is the pid alive" would not tell.)
      await until(async () => !existsSync(pidFile(this.dir)), 10_000);
    }
    this.killNow();
    await until(async () => instancePidsSync(this.dir, this.port).length === 0 && !(await accepts(this.port)), 5_000);
    await rm(pidFile(this.dir), { force: true });
  }

  private async withClient<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: this.host,
      port: this.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
      disableAutoIdle: true,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
}

async function runIdentity(): Promise<RunIdentity> {
  const root = process.getuid?.() === 0;
  const name = root ? 'nobody' : os.userInfo().username;
  const [uid, gid, group] = await Promise.all([id(['-u', name]), id(['-g', name]), id(['-gn', name])]);
  return {
    user: name,
    group,
    uid: Number(uid),
    gid: Number(gid),
    prefix: root ? ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--reset-env'] : [],
  };
}

async function id(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('id', args);
  return stdout.trim();
}

async function launchOnFreePort(dir: string, identity: RunIdentity): Promise<number> {
  // Another process may take the port between our probe and Dovecot's bind: try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await launch(dir, port, identity);
      return port;
    } catch (error) {
      if (!(error instanceof PortBusy) || attempt >= 5) throw error;
    }
  }
}

class PortBusy extends Error {}

const ADDRESS_IN_USE_EXIT = 89;

/** Writes the config for `port` and starts the master; resolves once it accepts connections. */
async function launch(dir: string, port: number, identity: RunIdentity): Promise<void> {
  const home = path.join(dir, 'home', DOVECOT_USER);
  await mkdir(path.join(dir, 'run'), { recursive: true });
  await mkdir(path.join(dir, 'state'), { recursive: true });
  await mkdir(path.join(home, 'Maildir'), { recursive: true });
  await writeFile(path.join(dir, 'dovecot.conf'), dovecotConfig(dir, port, identity));
  await writeFile(path.join(dir, 'users'), `${DOVECOT_USER}:{PLAIN}${DOVECOT_PASSWORD}:${identity.uid}:${identity.gid}::${home}::\n`);
  if (identity.prefix.length > 0) await chownTree(dir, identity.uid, identity.gid);

  const [command, ...args] = [...identity.prefix, DOVECOT_BINARY, '-c', path.join(dir, 'dovecot.conf')];
  // stdio 'ignore': the daemon keeps inherited stdout/stderr open forever, which would hang us.
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(command!, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code === ADDRESS_IN_USE_EXIT) throw new PortBusy(`port ${port} is in use`);
  if (code !== 0) throw new Error(`dovecot exited with ${code}:\n${await tail(dir)}`);
  const ready = await until(async () => existsSync(pidFile(dir)) && (await greets(port)), 10_000);
  if (!ready) {
    for (const pid of instancePidsSync(dir, port)) killQuietly(pid, 'SIGKILL');
    throw new Error(`dovecot did not greet on ${HOST}:${port} within 10 s:\n${await tail(dir)}`);
  }
}

function dovecotConfig(dir: string, port: number, identity: RunIdentity): string {
  return `# written by test/support/dovecot.ts
protocols = imap
listen = ${HOST}
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = dovecot-test-${port}
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
default_internal_user = ${identity.user}
default_internal_group = ${identity.group}
default_login_user = ${identity.user}
first_valid_uid = ${identity.uid}
last_valid_uid = ${identity.uid}
first_valid_gid = 0
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# a wrong password is answered at once, not after the default 2 s
auth_failure_delay = 0
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%n ${dir}/users
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Processed {
    auto = subscribe
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = ${HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
protocol imap {
  mail_max_userip_connections = 100
}
`;
}

function pidFile(dir: string): string {
  return path.join(dir, 'run', 'master.pid');
}

async function tail(dir: string): Promise<string> {
  const log = await readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '(no log)');
  return log.split('\n').slice(-20).join('\n');
}

async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await chown(target, uid, gid);
  for (const entry of await readdir(target, { withFileTypes: true })) {
    const child = path.join(target, entry.name);
    if (entry.isDirectory()) await chownTree(child, uid, gid);
    else await chown(child, uid, gid);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * True once the server sends its `* OK` greeting, which imap-login holds back until its auth
 * process is ready. A bare TCP probe is not enough: imap-login would still be waiting for auth
 * with our probe connection, and a stop soon after then takes ~6 s instead of ~1 s.
 */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    let received = '';
    let settled = false;
    const done = (result: boolean) => {
      if (settled) return;
      settled = true;
      // A polite LOGOUT, so the server logs no aborted connection; nothing waits for the answer.
      if (result) socket.end('a LOGOUT\r\n');
      else socket.destroy();
      resolve(result);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\n')) done(received.startsWith('* OK'));
    });
    socket.on('error', () => done(false));
    socket.setTimeout(2_000, () => done(false));
    socket.once('close', () => done(false));
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Processes of one instance, from /proc: the master runs with our config path on its command
 * line, and Dovecot titles its services `dovecot-test-PORT/<service>` (instance_name).
 */
function instancePidsSync(dir: string, port: number): number[] {
  const config = path.join(dir, 'dovecot.conf');
  const title = `dovecot-test-${port}/`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (commandLine.startsWith(title) || commandLine.split('\0').includes(config)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}
