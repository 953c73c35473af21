import { ImapFlow } from 'imapflow';

// APPENDs many mails quickly over a kept-open IMAP connection, as an MTA's local delivery would
// (DovecotServer.appendMessage logs in for every mail, ~10 ms each). A connection that dropped,
// e.g. because the server restarted, is replaced on the next append; an APPEND cut off by the
// drop is tried once more on the new connection, so the mailbox may then hold that mail twice,
// which the judge must shrug off anyway.

export interface ImapAccount {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
}

export interface ImapAppender {
  /** Resolves once the server has stored the mail (APPEND answered OK); default mailbox as given at creation. */
  append(raw: string | Buffer, mailbox?: string): Promise<void>;
  /** Creates a mailbox unless it exists. */
  ensureMailbox(name: string): Promise<void>;
  /**
   * Moves every mail of `from` into the appender's mailbox with one MOVE, so a whole batch
   * arrives at once, faster than APPENDs could deliver it. Returns how many it moved.
   */
  moveAllFrom(from: string): Promise<number>;
  close(): Promise<void>;
}

export function imapAppender(account: ImapAccount, mailbox = 'INBOX'): ImapAppender {
  let client: ImapFlow | null = null;
  let connecting: Promise<ImapFlow> | null = null;

  const connect = (): Promise<ImapFlow> =>
    (connecting ??= (async () => {
      const fresh = new ImapFlow({
        host: account.host,
        port: account.port,
        secure: false,
        doSTARTTLS: false,
        auth: { user: account.user, pass: account.password },
        logger: false,
        disableAutoIdle: true,
      });
      fresh.on('error', () => undefined);
      try {
        await fresh.connect();
      } finally {
        connecting = null;
      }
      client = fresh;
      return fresh;
    })());

  const current = async (): Promise<ImapFlow> => (client?.usable ? client : connect());

  return {
    async append(raw, into = mailbox) {
      for (let attempt = 1; ; attempt++) {
        const connection = await current();
        try {
          const appended = await connection.append(into, raw);
          if (appended) return;
          if (connection.usable) throw new Error(`the server refused the APPEND to ${into}`);
        } catch (error) {
          if (connection.usable || attempt >= 2) throw error;
        }
        if (attempt >= 2) throw new Error(`APPEND to ${into} failed twice: the connection dropped`);
        connection.close();
      }
    },
    async ensureMailbox(name) {
      await (await current()).mailboxCreate(name);
    },
    async moveAllFrom(from) {
      const connection = await current();
      const lock = await connection.getMailboxLock(from);
      try {
        const box = connection.mailbox;
        const count = box === false ? 0 : box.exists;
        if (count === 0) return 0;
        const moved = await connection.messageMove('1:*', mailbox);
        if (!moved) throw new Error(`the server refused to MOVE ${from} to ${mailbox}`);
        return count;
      } finally {
        lock.release();
      }
    },
    async close() {
      const open = client;
      client = null;
      if (open?.usable) await open.logout().catch(() => open.close());
    },
  };
}
