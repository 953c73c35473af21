import { describe, expect, it } from 'vitest';
import { adminNote, failedMailTable, gameText, outboxText, receivedText } from '../../src/render/admin-output.ts';
import { healthDetail } from '../../src/render/health-checks.ts';
import { gaveUpText, mimeFailureText, noReplyText } from '../../src/render/mail-reasons.ts';
import { receiveFailureLine } from '../../src/render/receive-failure.ts';
import { notFoundText } from '../../src/render/web-pages.ts';

// The texts that moved into render for issue 27 and that no other test pins: each as the code it
// came from wrote it, byte for byte.

describe('the web site, the judgekeeper and the mail layer words, as before they moved to render', () => {
  it('words a not-found page for a page, a game, a map (of a phase) and a phase', () => {
    expect(notFoundText({ kind: 'page', path: '/nope' })).toBe('There is no page at /nope.');
    expect(notFoundText({ kind: 'game', name: 'x' })).toBe("There is no game named 'x' on this judge.");
    expect(notFoundText({ kind: 'map', name: 'x', phase: null })).toBe("Game 'x' has no map to show.");
    expect(notFoundText({ kind: 'map', name: 'x', phase: 'S1901M' })).toBe("Game 'x' has no map of phase S1901M to show.");
    expect(notFoundText({ kind: 'phase', name: 'x', phase: 'F1999M' })).toBe("Game 'x' has no phase F1999M.");
  });

  it("words dipjudge receive's failure line", () => {
    expect(receiveFailureLine({ kind: 'temporary', message: 'the database is not reachable' })).toBe('dipjudge receive: the database is not reachable\n');
    expect(receiveFailureLine({ kind: 'internal', error: 'TypeError: boom' })).toBe('dipjudge receive: internal error, nothing was done: TypeError: boom\n');
  });

  it("words the judgekeeper's notes, tables and mail listings", () => {
    expect(adminNote({ kind: 'no-kept-copy', id: '7' })).toBe('no failed mail #7 with a kept copy (see dipjudge mail failed)');
    expect(adminNote({ kind: 'no-game', name: 'g' })).toBe('no game named g');
    const failed = { id: '3', messageId: '<m@x>', from: 'a@b', subject: 'Hi', receivedAt: new Date('2026-01-02T03:04:00Z'), kept: false };
    expect(failedMailTable([failed])).toBe(
      'id  received (UTC)    from  subject  message-id  retry\n3   2026-01-02 03:04  a@b   Hi       <m@x>       no copy kept\n',
    );
    const mail = { id: '9', status: 'dead', to: ['p@q'], subject: 'S', headers: { 'X-A': 'b' }, body: 'text', attempts: 5, lastError: 'refused' };
    expect(outboxText([mail], true)).toBe(
      '# 1 message(s) given up (undeliverable or too many attempts)\n--- outbox #9 (dead)\nTo: p@q\nSubject: S\nX-A: b\nX-Dipjudge-Attempts: 5\nX-Dipjudge-Last-Error: refused\n\ntext',
    );
    expect(outboxText([], false)).toBe('# 0 message(s) waiting to be sent');
    expect(receivedText({ status: 'rejected', messageId: '<r@x>', reason: 'why' }, [])).toBe('# rejected <r@x>: why; 0 message(s) queued');
  });

  it("words dipjudge game's jobs and last results", () => {
    const text = gameText({
      game: {
        name: 'g',
        variant: 'standard',
        status: 'active',
        rules: [],
        press: 'white',
        timing: {},
        timeZone: 'UTC',
        description: '',
        listed: true,
        private: false,
        phase: 'S1901M',
        deadline: null,
        grace: null,
        processAt: null,
      },
      seats: [],
      orders: [],
      jobs: [{ kind: 'deadline', dueAt: new Date('2026-01-02T03:04:00Z'), attempts: 2, lastError: 'oops' }],
      results: [{ phase: 'W1900A', processedAt: new Date('2026-01-01T00:00:00Z'), text: 'a\nb' }],
    });
    expect(text).toContain('pending jobs:\n  deadline   due 2026-01-02 03:04 UTC, 2 attempt(s), last error: oops\n');
    expect(text).toContain('orders for S1901M:\n  none on file\n');
    expect(text.endsWith('last results (W1900A, processed 2026-01-01 00:00 UTC):\n  a\n  b\n')).toBe(true);
  });

  it("words /healthz's details and the mail layer's reasons", () => {
    expect(healthDetail({ kind: 'outbox-unwritable', code: 'EACCES' })).toBe('the spool outbox cannot be written: EACCES');
    expect(healthDetail({ kind: 'inbox-unreadable', code: 'ENOENT' })).toBe('the spool inbox cannot be read: ENOENT');
    expect(mimeFailureText(false)).toBe('its MIME structure is broken and the judge cannot take it apart');
    expect(noReplyText({ kind: 'list-id' })).toBe('mailing-list mail (List-Id)');
    expect(noReplyText({ kind: 'list-unsubscribe' })).toBe('mailing-list mail (List-Unsubscribe)');
    expect(gaveUpText(3, '550 no such user')).toBe('gave up after 3 attempts: 550 no such user');
  });
});
