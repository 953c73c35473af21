import type { BodyLine } from './command-types.ts';

// The line discipline both judges apply before reading any command:
// - a trailing `<br>` (web mailers) is stripped;
// - `\\c` at the start of a line, c not a letter or digit, makes c a newline for
//   the rest of that line (for devices that cannot send newlines);
// - a line whose first non-blank characters are `//` is dropped, even inside press.
// Line numbers stay those of the mail as sent, so errors point where the player looks.

const TRAILING_BREAKS = /(?:\s*<br\s*\/?>)+\s*$/i;

// HTML pasted into a plain-text part ("<div>SIGNON Fdemo pw</div><div>A Par - Bur</div>") is read
// as the text it shows: on a line holding a tag of the kind mailers write, the tags go, a block
// tag or <br> ends a piece of the line, and the common entities are read. Other lines, and a "<"
// in press such as "<grin>" or a lone "<b>", stay as they are.
const HTML_TAG =
  /<\/?(?:html|head|body|div|p|br|span|font|b|i|u|em|strong|a|table|tbody|tr|td|th|ul|ol|li|blockquote|pre|tt|code|meta|style|title|center|h[1-6])\b[^>]*>/gi;
/** The tags that mark a pasted page (a mailer's blocks): "<b>" alone in a line, as in a description, is left as written. */
const HTML_BLOCK = /<\/?(?:html|head|body|div|p|br|span|font|table|tr|td|ul|ol|li|blockquote|meta|style)\b[^>]*>/i;
const HTML_BREAK = /<(?:br\b[^>]*|\/(?:div|p|li|tr|h[1-6]|blockquote|pre))>/gi;
const ENTITIES: Readonly<Record<string, string>> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The pieces of a line holding HTML, as text (one blank piece for a blank line); the line itself when it holds none. */
function htmlAsText(text: string): readonly string[] {
  if (!HTML_BLOCK.test(text)) return [text];
  const pieces = text
    .replace(HTML_BREAK, '\n')
    .replace(HTML_TAG, '')
    .replace(/&(?:nbsp|amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
    .split('\n');
  const first = pieces.findIndex((piece) => piece.trim() !== '');
  if (first < 0) return [''];
  return pieces.slice(first, pieces.findLastIndex((piece) => piece.trim() !== '') + 1);
}
const SPLIT_MARKER = /^\s*\\\\\s*(\S)/;
const COMMENT = /^\s*\/\//;

export function stripTrailingBreak(text: string): string {
  return text.replace(TRAILING_BREAKS, '');
}

export function isCommentLine(text: string): boolean {
  return COMMENT.test(text);
}

/** The pieces of one physical line after `\\c` splitting (the line itself when it has no marker). */
export function splitOnDeclaredNewline(text: string): readonly string[] {
  const marker = SPLIT_MARKER.exec(text);
  if (!marker) return [text];
  const separator = marker[1]!;
  if (/[\p{L}\p{N}]/u.test(separator)) return [text];
  return text.slice(marker[0].length).split(separator);
}

/** The body as logical lines; `//` lines are gone, blank lines are kept (press keeps them). */
export function splitBodyLines(text: string): readonly BodyLine[] {
  const result: BodyLine[] = [];
  const physical = text.split(/\r\n|\r|\n/);
  physical.forEach((raw, index) => {
    for (const piece of htmlAsText(stripTrailingBreak(raw)).flatMap(splitOnDeclaredNewline)) {
      if (isCommentLine(piece)) continue;
      result.push({ line: index + 1, text: piece });
    }
  });
  return result;
}

/** A signature separator (`-- `): njudge stops reading there. */
export function isSignatureLine(text: string): boolean {
  return /^--\s*$/.test(text);
}

/** A line quoted from the mail being answered (`> text`); press keeps such lines, commands skip them. */
export function isQuotedLine(text: string): boolean {
  return /^\s*>/.test(text);
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}

// ---------------------------------------------------------------- where a mail client's additions start

// The attribution line a client writes above the mail being answered, in the languages players'
// clients most often use. Gmail and Thunderbird may wrap it over two or three lines, so a line
// opening one is joined with the next ones before matching.
const ATTRIBUTION_OPENINGS = /^\s*(?:On|Le|Am|El|Il|Op|Em|Den|På|W dniu)\s/i;
const ATTRIBUTION_ENDINGS = [
  /\bwrote\s*:\s*$/i, // On Tue, 3 Mar 2026 at 09:12, Judge <judge@example.org> wrote:
  /\ba\s+écrit\s*:\s*$/i, // Le mar. 3 mars 2026 à 09:12, Judge <…> a écrit :
  /\bschrieb\b.*:\s*$/i, // Am 03.03.2026 um 09:12 schrieb Judge <…>:
  /\bescribió\s*:\s*$/i, // El mar, 3 mar 2026 a las 09:12, Judge (<…>) escribió:
  /\bha\s+scritto\s*:\s*$/i, // Il giorno mar 3 mar 2026 alle ore 09:12 Judge <…> ha scritto:
  /\bschreef\b.*:\s*$/i, // Op di 3 mrt 2026 om 09:12 schreef Judge <…>:
  /\bescreveu\s*:\s*$/i, // Em ter., 3 de mar. de 2026 às 09:12, Judge <…> escreveu:
  /\bskrev\b.*:\s*$/i, // Den 3 mar 2026 kl. 09:12 skrev Judge <…>:
  /\bnapisał(?:a)?\s*:\s*$/i,
];
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(?:Original Message|Forwarded message|Ursprüngliche Nachricht|Weitergeleitete Nachricht|Message d'origine|Message transféré|Mensaje original|Mensaje reenviado|Messaggio originale|Messaggio inoltrato|Oorspronkelijk bericht|Doorgestuurd bericht|Mensagem original|Mensagem encaminhada)\s*-*\s*$/i;
const FORWARDED = /^\s*(?:Begin forwarded message|Anfang der weitergeleiteten Nachricht|Début du message réexpédié)\s*:\s*$/i;
/** Outlook's rule above its header block, and any line of underscores (a hand-drawn rule). */
const UNDERSCORE_RULE = /^\s*_{5,}\s*$/;
const HEADER_FROM = /^\s*\*?(?:From|Von|De|Da|Van|Från|Fra|Od)\s*\*?\s*:\s*\S/i;
const HEADER_SENT = /^\s*\*?(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado|Inviato|Verzonden|Data|Skickat|Sendt|Wysłano)\s*\*?\s*:\s*\S/i;
/** "Sent from my iPhone" and the like: a phone's or app's signature. */
const SENT_FROM =
  /^\s*(?:Sent from my\b|Sent from (?:Mail|Outlook|Yahoo|AOL|Samsung|Proton)\b|Sent with Proton Mail\b|Get Outlook for\b|Von meinem .* gesendet\b|Gesendet von meinem\b|Envoyé de mon\b|Enviado desde mi\b|Enviado do meu\b|Inviato da\b|Verzonden vanaf mijn\b|Verstuurd vanaf mijn\b|Skickat från min\b)/i;

export type ClientAddition = 'quoted-mail' | 'sent-from';

/**
 * Whether the line at `index` starts what a mail client adds below the player's own text: the
 * header of a quoted or forwarded mail, or a phone's "Sent from my …" signature. Nothing after
 * such a line is the player's command.
 */
export function clientAdditionAt(lines: readonly BodyLine[], index: number): ClientAddition | null {
  const text = lines[index]!.text;
  if (SENT_FROM.test(text)) return 'sent-from';
  if (ORIGINAL_MESSAGE.test(text) || FORWARDED.test(text) || UNDERSCORE_RULE.test(text)) return 'quoted-mail';
  if (HEADER_FROM.test(text)) {
    // Outlook's block: From: … then Sent: (or Date:) on one of the next lines.
    for (let next = index + 1; next < Math.min(lines.length, index + 4); next++) if (HEADER_SENT.test(lines[next]!.text)) return 'quoted-mail';
  }
  if (ATTRIBUTION_OPENINGS.test(text)) {
    let joined = text;
    for (let next = index; next < Math.min(lines.length, index + 3); next++) {
      if (next > index) {
        if (isBlank(lines[next]!.text)) break;
        joined += ` ${lines[next]!.text.trim()}`;
      }
      if (joined.length <= 400 && ATTRIBUTION_ENDINGS.some((ending) => ending.test(joined))) return 'quoted-mail';
    }
  }
  return null;
}
