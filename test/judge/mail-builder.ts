// Builds RFC 822 test mails the way players' clients send them.

let counter = 0;

export interface MailOptions {
  readonly from: string;
  readonly subject?: string;
  readonly messageId?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export function eml(options: MailOptions, body: string): string {
  const id = options.messageId ?? `<test-${++counter}-${Date.now()}@players.example>`;
  const headers = {
    From: options.from,
    To: 'judge@judge.example',
    Subject: options.subject ?? 'orders',
    'Message-ID': id,
    Date: 'Sat, 21 Nov 2026 12:00:00 +0000',
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...options.headers,
  };
  return `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
}
