// The subject line of every mail the judge sends about a game: the judge's code, the game, the
// phase when there is one, then what the mail is.

export function subjectFor(config: { readonly code: string }, game: { readonly name: string }, phase: string | null, what: string): string {
  return `${config.code}:${game.name}${phase ? ` - ${phase}` : ''} ${what}`.trim();
}

/** The game a reply is about, with the phase it was in when the mail was read. */
export interface SubjectGame {
  readonly name: string;
  readonly phase: string | null;
}

/**
 * The reply's subject. A mail that signs on to a game gets njudge's form, so players' filters keep
 * working: `Re: [Error Flag] DIP:demo - S1901M <their subject>`, the flag only when a block was
 * refused, and whatever of that form their own subject already carried (a reply to the judge's
 * reply) said once. Other mails: `Re: <their subject>`, with the flag when a block was refused.
 */
export function replySubject(
  subject: string,
  config: { readonly code: string; readonly name: string },
  options: { readonly game?: SubjectGame | null; readonly errorFlag?: boolean } = {},
): string {
  const { game = null, errorFlag = false } = options;
  if (game === null && !errorFlag) return subject ? (/^re:/i.test(subject) ? subject : `Re: ${subject}`) : `Re: your mail to ${config.name}`;
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const judgePrefix = game ? new RegExp(`^${escapeRegExp(config.code)}:${escapeRegExp(game.name)}(?:\\s+-\\s+\\S+)?(?:\\s+|$)`, 'i') : null;
  let own = subject.trim();
  for (let before = ''; before !== own; ) {
    before = own;
    own = own.replace(/^(?:re|aw|sv|fwd?)\s*(?:\[\d+\])?\s*:\s*/i, '').replace(/^\[(?:error flag|you are late!)\]\s*/i, '');
    if (judgePrefix) own = own.replace(judgePrefix, '');
  }
  const prefix = game ? subjectFor(config, game, game.phase, '') : '';
  return ['Re:', errorFlag ? '[Error Flag]' : '', prefix, own || (game ? '' : `your mail to ${config.name}`)].filter((part) => part !== '').join(' ');
}

/** Marks the subject of the copies that go to players who are late (njudge). */
export const LATE_SUBJECT_PREFIX = '[You are late!] ';
