import { describeLines } from '../commands/index.ts';

// The judge's own words about a mail as a whole (src/judge/judge.ts decides, these write): why
// a mail was refused or failed, and the notes at the end of a reply. Pure functions of plain data.

/** Why a whole mail was refused, as the judge decided it. */
export type MailRefusal =
  | { readonly kind: 'too-large'; readonly sizeBytes: number; readonly maxBytes: number }
  | { readonly kind: 'unreadable'; readonly why: string }
  | { readonly kind: 'too-many'; readonly perHour: number };

export function renderMailRefusal(refusal: MailRefusal): string {
  switch (refusal.kind) {
    case 'too-large':
      return `Your mail is ${Math.ceil(refusal.sizeBytes / 1024)} KB; this judge accepts mail up to ${Math.floor(refusal.maxBytes / 1024)} KB. Nothing in it was done: send plain text without attachments.`;
    case 'unreadable':
      return `The judge could not read your mail: ${refusal.why}. Nothing in it was done: send your commands as plain text in a new mail.`;
    case 'too-many':
      return `You have sent more than ${refusal.perHour} mails to this judge in the last hour. Nothing in this mail was done; mail sent within the next hour will not be read either.`;
  }
}

/** The one reply to a mail the judge failed on part way (nothing of it stands). */
export function renderMailFailure(messageId: string): string {
  return [
    `The judge could not handle your mail ${messageId}: an internal error stopped it part way.`,
    'Nothing in that mail was done: none of its commands took effect.',
    'The judgekeeper has been told. Please send your commands again in a new mail later; if this happens again, write to the judgekeeper.',
  ].join('\n');
}

/** One note for every line set aside as prose, so the player knows nothing else was skipped. */
export function renderProseNote(lines: readonly number[]): string {
  const named = describeLines(lines);
  const one = new Set(lines).size === 1;
  return `${named} read as a greeting or signature, not as ${one ? 'a command' : 'commands'}, and ${one ? 'was' : 'were'} ignored.\nEnd your commands with SIGNOFF to be sure nothing after them is read.`;
}

/** Information commands asked again in the same mail, answered once. */
export function renderRepeatsNote(skipped: number): string {
  return `${skipped} repeated information command${skipped === 1 ? ' was' : 's were'} answered once, above.`;
}

/** Closes a reply cut at the size cap: how many of its sections (0: part of the last one kept) were left out. */
export function renderReplyCutNote(sectionsLeft: number, maxBytes: number): string {
  const what = sectionsLeft === 0 ? 'part of it' : `${sectionsLeft} more part${sectionsLeft === 1 ? '' : 's'}`;
  return `The rest of this reply (${what}) was left out: a reply from this judge is at most ${Math.floor(maxBytes / 1024)} KB. All the commands of your mail were handled; send fewer per mail to read every answer.`;
}

/** What one mail may not make the judge do (issue 25): the part of it past a cap, which was not done. */
export type MailCapNote =
  /** Blocks naming a game past the first `limit`, from `fromLine` on. */
  | { readonly kind: 'openers'; readonly limit: number; readonly blocks: number; readonly fromLine: number }
  /** Information commands past the first `limit` answered. */
  | { readonly kind: 'info'; readonly limit: number; readonly skipped: number }
  /** PRESS and BROADCAST lines left unsent: past `limit` in this mail, or past `limit` from this address in the last hour. */
  | { readonly kind: 'press'; readonly per: 'mail' | 'hour'; readonly limit: number; readonly lines: readonly number[] };

export function renderMailCapNote(note: MailCapNote): string {
  switch (note.kind) {
    case 'openers':
      return `Only the first ${note.limit} SIGNON, JOIN, OBSERVE, TAKEOVER, RESIGN or CREATE blocks of a mail are read. The ${note.blocks} after them, from line ${note.fromLine} on, were not read and nothing in them was done: send them in another mail.`;
    case 'info':
      return `Only ${note.limit} different information commands (HELP, LIST, HISTORY, SUMMARY …) are answered per mail; the other ${note.skipped} were not answered: ask them in another mail.`;
    case 'press': {
      const named = describeLines(note.lines);
      const limit =
        note.per === 'mail'
          ? `at most ${note.limit} press messages are sent per mail`
          : `at most ${note.limit} press messages are sent from one address per hour`;
      return `${named} ${note.lines.length === 1 ? 'was' : 'were'} not sent: ${limit}. Send ${note.lines.length === 1 ? 'it' : 'them'} again ${note.per === 'mail' ? 'in another mail' : 'later'}.`;
    }
  }
}

/** A mail in which nothing was a command. */
export function renderNoCommands(): string {
  return 'Your mail held no commands. Send HELP for a list of what this judge understands.';
}

/** A line of the mail and what is wrong with it (or what to know about it), outside any block. */
export function renderLineNote(note: { readonly line: number; readonly text: string; readonly message: string }): string {
  return `Line ${note.line}: ${note.text}\n  ${note.message}`;
}
