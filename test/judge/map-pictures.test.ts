import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { expect, it } from 'vitest';
import { queuedDrawing } from '../../src/judge/reports/map-pictures.ts';
import { mailOptions, type OutboxMail } from '../../src/mail/outgoing-message.ts';
import { decodePalettePng } from '../render/map/png-decode.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { SPRING_1901_ORDERS, startGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// Results mails carry the map of the phase after their text; SET MAP OFF sends the text alone; MAP
// answers with the picture in its reply.

const FROM = { name: 'dipjudge', address: 'judge@judge.example' };

/** The mail exactly as the sender would write it, parsed back as a reader's client would. */
async function asReceived(row: OutboxMail) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mailOptions(row, FROM));
  const raw = info.message as Buffer;
  return { raw: raw.toString('latin1'), parsed: await simpleParser(raw) };
}

describeWithDatabase('map pictures in mail', (getStore) => {
  it('results carry the map after the unchanged text, except for players who SET MAP OFF', async () => {
    const db = getStore().db;
    const played = await startGame(db, '');
    expect(await played.as('ENGLAND', 'SET MAP OFF')).toMatch(/as text alone/);
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    const results = await db.selectFrom('outbox').selectAll().where('kind', '=', 'results').orderBy('id').execute();
    expect(results).toHaveLength(2);
    const [withMap, textOnly] = [results.find((r) => r.attachments.length > 0)!, results.find((r) => r.attachments.length === 0)!];
    expect(textOnly.to_addresses).toEqual([played.holder.get('ENGLAND')!.address]);
    expect(withMap.to_addresses).toHaveLength(7); // the Master and six players
    expect(withMap.to_addresses).not.toContain(played.holder.get('ENGLAND')!.address);
    expect(withMap.body).toBe(textOnly.body);
    // The picture is queued as what it shows (a few KB, not its 55 KB SVG) and drawn by the sender, outside
    // the turn's transaction (issues 16 and 35).
    const queued = withMap.attachments[0]!;
    expect(queued).toMatchObject({ filename: 'demo-S1901M.png', content: '', draw: { picture: { gameName: 'demo', variant: 'standard' } } });
    expect(JSON.stringify(queued).length).toBeLessThan(12_000);
    expect(queuedDrawing(queued.draw!)).toMatchObject({ svg: expect.stringContaining('demo · '), width: 1000 });
    expect(withMap.body).toMatch(/Movement results for Spring of 1901/);

    const plain = await asReceived(textOnly);
    const pictured = await asReceived(withMap);
    expect(plain.raw).toMatch(/^Content-Type: text\/plain/m);
    // The first part of the picture mail is the text/plain part, byte for byte as the text-only mail's body.
    expect(pictured.raw).toMatch(/^Content-Type: multipart\/mixed/m);
    const firstPart = /--(\S+)\n([\s\S]*?)\n--\1/.exec(pictured.raw.split('\n\n').slice(1).join('\n\n'))![2]!;
    const plainBody = plain.raw.slice(plain.raw.indexOf('\n\n') + 2);
    expect(firstPart.slice(firstPart.indexOf('\n\n') + 2).replace(/\n$/, '')).toBe(plainBody.replace(/\n$/, ''));
    expect(pictured.parsed.text).toBe(plain.parsed.text);
    expect(pictured.parsed.attachments).toHaveLength(1);
    const [image] = pictured.parsed.attachments;
    expect(image!.contentType).toBe('image/png');
    expect(image!.contentDisposition).toBe('inline');
    expect(image!.filename).toBe('demo-S1901M.png');
    expect(decodePalettePng(image!.content).width).toBe(1000);
    expect(image!.content.length).toBeLessThan(150_000);

    // SET MAP ON brings it back for the next results.
    expect(await played.as('ENGLAND', 'SET MAP ON')).toMatch(/with the map/);
    const seat = await db.selectFrom('seats').select('map_pictures').where('address', '=', played.holder.get('ENGLAND')!.address).executeTakeFirstOrThrow();
    expect(seat.map_pictures).toBe(true);
  });

  it('MAP answers with the picture of the position, or of a played phase with its orders, as PNG or SVG, in the reply itself', async () => {
    const db = getStore().db;
    const played = await startGame(db, 'RULES GUNBOAT');
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    await played.judge.receive(eml({ from: 'stranger@else.example', messageId: '<map1@else.example>' }, 'MAP demo\nMAP demo S1901M SVG'));
    await played.judge.receive(eml({ from: 'stranger@else.example', messageId: '<map2@else.example>' }, 'MAP demo F1911M'));
    const replies = (await db.selectFrom('outbox').selectAll().orderBy('id').execute()).filter((r) => r.to_addresses.includes('stranger@else.example'));
    // One mail a MAP mail: the reply, its text first, then the pictures (issue 29: MAP used to answer with two mails).
    expect(replies.map((r) => r.kind)).toEqual(['reply', 'reply']);
    const [reply, refused] = [replies[0]!, replies[1]!];
    expect(refused.body).toMatch(/has no phase F1911M; its phases: S1901M, F1901M/);
    expect(refused.attachments).toEqual([]);
    expect(reply.body).toMatch(/The map of game 'demo', F1901M, is attached to this reply \(demo-F1901M\.png\)\./);
    expect(reply.body).toMatch(/The map of game 'demo', S1901M with its orders, is attached to this reply \(demo-S1901M\.svg\)\./);
    const maps = [reply];
    // As a mail client reads it: the reply's text, then the pictures as parts of the same mail.
    const sent = await asReceived(reply);
    expect(sent.parsed.text).toMatch(/is attached to this reply/);
    expect(sent.parsed.attachments.map((a) => a.filename)).toEqual(['demo-F1901M.png', 'demo-S1901M.svg']);
    expect(reply.attachments[0]).toMatchObject({ filename: 'demo-F1901M.png', contentType: 'image/png', inline: true });
    const svg = Buffer.from(maps[0]!.attachments[1]!.content, 'base64').toString('utf8');
    expect(maps[0]!.attachments[1]).toMatchObject({ filename: 'demo-S1901M.svg', contentType: 'image/svg+xml' });
    expect(svg).toContain('demo · Spring 1901 Movement');
    // The orders are drawn (arrow heads), and a gunboat picture names no player.
    expect(svg).toMatch(/stroke-linejoin="round"\/>/);
    expect(svg).not.toMatch(/players\.example/);
  });
});
