import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
const srv = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData(stream, session, cb) { stream.on('data', () => {}); stream.on('end', () => cb()); } });
await new Promise((r) => srv.listen(0, '127.0.0.1', r));
const port = srv.server.address().port;
const t = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, pool: true, maxConnections: 3, maxMessages: 100000 });
const body = ('Diplomacy judge reply line with some words in it for testing.\n').repeat(30);
const mail = (i) => ({ from: { name: 'Diplomacy Judge', address: 'judge@judge.example' }, to: [`player${i}@example.test`], subject: 'Re: LIST', text: body, messageId: `<m${i}.x@judge.example>`, inReplyTo: '<abc@x>', references: '<abc@x>', headers: { 'Auto-Submitted': 'auto-generated', 'List-Unsubscribe': '<mailto:judge@judge.example?subject=STOP%20abc>', 'X-Dipjudge': 'yes' } });
const run = async (label, make, n = 2000) => {
  // compose-only, no server CPU: measured in this process, which also runs the server (its cost is included)
  const c0 = process.cpuUsage(); const w0 = performance.now();
  for (let i = 0; i < n; i += 20) await Promise.all(Array.from({ length: 20 }, (_, k) => make(i + k)));
  const c = process.cpuUsage(c0); console.log(label, 'cpu µs/msg', ((c.user + c.system) / n).toFixed(0), 'wall µs/msg', ((performance.now() - w0) * 1000 / n).toFixed(0));
};
const compose = (i) => new MailComposer(mail(i)).compile().build();
await run('warm send', (i) => t.sendMail(mail(i)), 500);
await run('compose only', (i) => compose(i));
await run('sendMail (compose + smtp + server)', (i) => t.sendMail(mail(i)));
const raws = await Promise.all(Array.from({ length: 2000 }, (_, i) => compose(i)));
await run('raw send (smtp + server)', (i) => t.sendMail({ envelope: { from: 'judge@judge.example', to: [`player${i}@example.test`] }, raw: raws[i] }));
await run('sendMail (compose + smtp + server)', (i) => t.sendMail(mail(i)));
t.close(); srv.close(); process.exit(0);
