import { describe, expect, it } from 'vitest';
import { renderReplyCutNote } from '../../src/render/mail-replies.ts';

// The closing line of a reply cut at the size cap, as players have always had it
// (test/judge/amplification.test.ts sends a mail whose reply is cut).

describe('reply cut note', () => {
  it('says how much was left out and what the cap is', () => {
    expect(renderReplyCutNote(0, 256 * 1024)).toBe(
      'The rest of this reply (part of it) was left out: a reply from this judge is at most 256 KB. All the commands of your mail were handled; send fewer per mail to read every answer.',
    );
    expect(renderReplyCutNote(1, 64 * 1024)).toContain('(1 more part) was left out: a reply from this judge is at most 64 KB.');
    expect(renderReplyCutNote(3, 64 * 1024)).toContain('(3 more parts) was left out');
  });
});
