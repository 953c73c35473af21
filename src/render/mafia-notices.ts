import type { DayOutcome, EarlierPosts, MafiaNotice, MafiaReply, MafiaView, Phase, SettingChange, VoteCount } from '../mafia/index.ts';
import { describeDuration, type Duration, formatPlayerDeadline } from '../schedule/index.ts';
import { earlierPostsText } from './earlier-posts.ts';
import { phaseName, renderMafiaRefusal } from './mafia-refusals.ts';

// Every word of a Mafia game's mail (src/mafia decides, these write): notices to the players, the
// replies to the sender, the vote count as forum players write it, and the status (STATUS, LIST).
// Deadlines are written in the reader's zone.

const minutesOf = (d: Duration): number => (d.days * 24 + d.hours) * 60 + d.minutes;

function when(deadline: string, zone: string): string {
  return formatPlayerDeadline(new Date(deadline), zone);
}

function target(name: string | 'no-lynch'): string {
  return name === 'no-lynch' ? 'No lynch' : name;
}

/** The tracker's count: one line per candidate, voters in voting order, those not voting, the majority. */
export function renderVoteCount(count: VoteCount): string {
  const lines = [`Vote count, ${phaseName(count.phase)}:`];
  for (const line of count.lines) lines.push(`${target(line.target)} (${line.voters.length}): ${line.voters.join(', ')}`);
  if (count.lines.length === 0) lines.push('No votes yet.');
  if (count.notVoting.length > 0) lines.push(`Not voting (${count.notVoting.length}): ${count.notVoting.join(', ')}`);
  lines.push(
    count.lynch === 'majority'
      ? `With ${count.living} alive, it takes ${count.needed} to lynch.`
      : `With ${count.living} alive, the most votes at the deadline lynch (${count.needed} is a majority).`,
  );
  return lines.join('\n');
}

function outcomeLine(outcome: DayOutcome): string {
  switch (outcome.kind) {
    case 'lynch':
      return `${outcome.nick} is to be lynched with ${outcome.votes} votes; the GM will tell.`;
    case 'no-lynch':
      return `The town chose no lynch (${outcome.votes} votes).`;
    case 'tie':
      return `The vote is tied at ${outcome.votes} between ${outcome.nicks.map(target).join(' and ')}; the GM decides.`;
    case 'nobody':
      return outcome.votes === 0 ? 'Nobody voted.' : `Nobody reached the votes needed (the most: ${outcome.votes}).`;
  }
}

export function renderSettingChange(change: SettingChange, zone: string): string {
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  switch (change.setting) {
    case 'day':
    case 'night':
      return `A ${change.setting} now lasts ${describeDuration(minutesOf(change.length))}.`;
    case 'first-end-of-day':
      return `Day 1 ends ${when(change.at, zone)}.`;
    case 'zone':
      return `The schedule follows the clock of ${change.zone}.`;
    case 'players':
      return change.count === null ? 'The game starts when the GM says START.' : `The game starts by itself with ${change.count} players.`;
    case 'lynch':
      return change.mode === 'majority' ? 'A lynch needs a majority of the living.' : 'The most votes at the deadline lynch (plurality).';
    case 'no-lynch':
      return `Votes for no lynch: ${change.on ? 'allowed' : 'not allowed'}.`;
    case 'hammer':
      return `A majority ends the day at once: ${onOff(change.on)}.`;
    case 'dead-chat':
      return `The dead may talk among themselves: ${onOff(change.on)}.`;
    case 'vote-counts':
      return change.who === 'public' ? 'Vote counts are mailed to everyone when they change.' : 'Vote counts go to the GMs only.';
    case 'reminder':
      return change.length === null
        ? 'No reminders to vote.'
        : `The living who have not voted are reminded ${describeDuration(minutesOf(change.length))} before the end of each day.`;
    case 'roles':
      return `${change.roles.length} roles will be dealt at random at the start.`;
  }
}

export function renderMafiaNotice(notice: MafiaNotice, gameName: string, readerZone: string | null): string {
  const zoneOf = (zone: string) => readerZone ?? zone;
  switch (notice.kind) {
    case 'started':
      return [
        `Mafia game '${gameName}' has started with ${notice.players.length} players: ${notice.players.join(', ')}.`,
        `${phaseName(notice.phase)} has begun; it ends ${when(notice.deadline, zoneOf(notice.zone))}.`,
        'Vote with VOTE name (or "VOTE: name" in a post), UNVOTE, VOTE NO LYNCH; VOTECOUNT and STATUS tell the state of the game.',
      ].join('\n');
    case 'your-role':
      return `Your role in '${gameName}', ${notice.nick}. Keep it to yourself:\n\n${notice.role}`;
    case 'phase-begun':
      return `${phaseName(notice.phase)} has begun in '${gameName}'; it ends ${when(notice.deadline, zoneOf(notice.zone))}.`;
    case 'day-ended':
      return [
        `${phaseName(notice.phase)} has ended in '${gameName}'${notice.byMajority ? ': a majority was reached' : ''}.`,
        outcomeLine(notice.outcome),
        '',
        `Final ${renderVoteCount(notice.count).replace(/^Vote/, 'vote')}`,
      ].join('\n');
    case 'vote-count':
      return renderVoteCount(notice.count);
    case 'reminder':
      return `You have not voted in '${gameName}'; ${phaseName(notice.phase)} ends ${when(notice.deadline, zoneOf(notice.zone))}.`;
    case 'deadline-moved':
      return `The deadline of ${phaseName(notice.phase)} in '${gameName}' has moved: it is now ${when(notice.deadline, zoneOf(notice.zone))}; later deadlines moved with it.`;
    case 'game-ended':
      return `Game '${gameName}' has ended in ${phaseName(notice.phase)}.`;
    case 'game-unended':
      return `Game '${gameName}' goes on: ${phaseName(notice.phase)}, ending ${when(notice.deadline, zoneOf(notice.zone))}.`;
    case 'you-replace':
      return [
        `You now play in '${gameName}' as ${notice.nick}, in the seat of ${notice.old}: their votes and the votes on them are yours.`,
        notice.role === null ? '' : `\nYour role:\n\n${notice.role}`,
        `\nSign on with SIGNON ${notice.nick.replace(/\s+/g, '')}@${gameName} and your password.`,
        `\n${earlierPostsOf(notice.earlier)}`,
      ]
        .join('\n')
        .trim();
    case 'you-were-replaced':
      return `${notice.by} has replaced you (${notice.nick}) in '${gameName}'. Thank you for playing.`;
    case 'player-resigned':
      if (notice.open && notice.nick !== null)
        return `${notice.nick} has resigned from '${gameName}'. The seat is open: a newcomer may write TAKEOVER ${notice.nick.replace(/\s+/g, '')}@${gameName} password, or a standby may replace them ("NEW HAS REPLACED ${notice.nick}").`;
      return `${notice.nick ?? 'A player without a name yet'} has left '${gameName}' before holding a seat.`;
    case 'you-took-over':
      return [
        `You have taken over ${notice.nick}'s seat in '${gameName}': you play as ${notice.nick}, with the seat's vote and the votes on it.`,
        notice.role === null ? '' : `\nYour role:\n\n${notice.role}`,
        `\nSign on with SIGNON ${notice.nick.replace(/\s+/g, '')}@${gameName} and your password.`,
        `\n${earlierPostsOf(notice.earlier)}`,
      ]
        .join('\n')
        .trim();
    case 'seat-taken-over':
      return `A new player has taken over ${notice.nick}'s seat in '${gameName}' (${phaseName(notice.phase)}); the seat keeps the name ${notice.nick}.`;
    case 'setting-changed':
      return `The GM changed a setting of '${gameName}': ${renderSettingChange(notice.change, readerZone ?? 'UTC')}`;
    case 'group-formed':
      return `In '${gameName}' you are in the group ${notice.name}: ${notice.members.join(', ')}. Post to it with PRESS TO ${notice.name.toUpperCase()} … ENDPRESS.`;
  }
}

export function renderMafiaReply(reply: MafiaReply, gameName: string, zone: string): string {
  switch (reply.kind) {
    case 'joined':
      return reply.standby
        ? `You have joined '${gameName}' as a standby${reply.nick ? ` (${reply.nick})` : ''}: the GM may have you replace a player.`
        : reply.nick
          ? `You have joined '${gameName}' as ${reply.nick}.`
          : `You have joined '${gameName}'. Choose your name with NAME yourname.`;
    case 'named':
      return `The game knows you as ${reply.nick}.`;
    case 'voted':
      return [`Your vote: ${target(reply.target)}.`, reply.count ? `\n${renderVoteCount(reply.count)}` : ''].join('\n').trim();
    case 'unvoted':
      return [`Your vote is withdrawn.`, reply.count ? `\n${renderVoteCount(reply.count)}` : ''].join('\n').trim();
    case 'vote-count':
      return renderVoteCount(reply.count);
    case 'setting-set':
      return renderSettingChange(reply.change, zone);
    case 'role-sent':
      return `${reply.nick}'s role has been mailed to them.`;
    case 'group-set':
      return `The group ${reply.name}: ${reply.members.join(', ')}.`;
    case 'posted':
      return `Your post has been sent to ${reply.to === 'everyone' ? 'everyone in the game' : reply.to === 'dead' ? 'the dead' : `the group ${reply.to}`}${reply.votes > 0 ? ', and its vote counted' : ''}.`;
    case 'died':
      return `${reply.nick} is dead (${phaseName(reply.phase)}): ${reply.comment}`;
    case 'resurrected':
      return `${reply.nick} is alive again.`;
    case 'replaced':
      return `${reply.nick} has replaced ${reply.old}.`;
    case 'resigned':
      return reply.open
        ? `You have resigned as ${reply.nick}: the GMs are told, and the seat waits for a replacement. Thank you for playing.`
        : 'You have left the game.';
    case 'took-over':
      return `You have taken over ${reply.nick}'s seat (${phaseName(reply.phase)}); your role comes in a separate mail.`;
    case 'phase-ended':
      return `${phaseName(reply.phase)} has ended; ${phaseName(reply.next)} has begun.`;
    case 'phase-begun-noted':
      return `Noted: ${phaseName(reply.phase)} has begun already.`;
    case 'deadline-moved':
      return `The deadline moved ${describeDuration(minutesOf(reply.duration))} ${reply.direction}: it is now ${when(reply.deadline, zone)}.`;
    case 'game-ended':
      return `Game '${gameName}' has ended.`;
    case 'game-unended':
      return `Game '${gameName}' goes on: ${phaseName(reply.phase)}, ending ${when(reply.deadline, zone)}.`;
    case 'phase-line-ignored':
      return `Ignored: the line says ${reply.written} ${reply.verb}, but it is ${phaseName(reply.phase)}.`;
    case 'line-refused':
      return `${reply.line > 0 ? `Line ${reply.line}` : 'Your post'}: "${reply.text}"\n  ${renderMafiaRefusal(reply.refusal)}`;
  }
}

/** A post as its readers get it: who wrote it (a nick or the GM) to whom. */
export function renderMafiaPost(post: { from: string | 'gm'; channel: string; text: string }, gameName: string): string {
  return `${postAuthor(post.from)} wrote to ${postChannel(post.channel)} in '${gameName}':\n\n${post.text}`;
}

const postAuthor = (from: string | 'gm') => (from === 'gm' ? 'The GM' : from);
const postChannel = (channel: string) => (channel === 'everyone' ? 'everyone' : channel === 'dead' ? 'the dead' : `the group ${channel}`);

function earlierPostsOf(earlier: EarlierPosts): string {
  const posts = earlier.posts.map((post) => ({
    phase: phaseName(post.phase),
    author: postAuthor(post.from),
    audience: postChannel(post.channel),
    text: post.text,
  }));
  return earlierPostsText(posts, earlier.dropped);
}

/** What a post's subject says after the game and phase: "Press from Alice", "Press from GM to scum". */
export function renderMafiaPostSubject(post: { from: string | 'gm'; channel: string }): string {
  return `Press from ${post.from === 'gm' ? 'GM' : post.from}${post.channel === 'everyone' ? '' : ` to ${post.channel}`}`;
}

/** What a notice's subject says after the game and phase (null: the judge's own notices). */
export function renderMafiaNoticeSubject(notice: MafiaNotice | null): string {
  if (notice === null) return 'Notice';
  return notice.kind === 'vote-count'
    ? 'Vote count'
    : notice.kind === 'your-role' || notice.kind === 'you-took-over'
      ? 'Your role'
      : notice.kind === 'reminder'
        ? 'Reminder'
        : 'Notice';
}

/** STATUS and LIST game: the tracker's status page as text. */
export function renderMafiaStatus(view: MafiaView, gameName: string, readerZone: string | null): string {
  const zone = readerZone ?? view.zone;
  const lines = [`Mafia game '${gameName}'.`];
  if (view.status === 'forming') {
    lines.push(`Forming: ${view.joined.length} joined (${view.joined.map((n) => n ?? '(no name yet)').join(', ') || 'nobody yet'}).`);
  } else if (view.status === 'ended') {
    lines.push(`The game has ended (${phaseName(view.phase!)}).`);
  } else {
    lines.push(`${phaseName(view.phase!)}, ending ${when(view.deadline!, zone)}.`);
    lines.push('Next deadlines:');
    for (const next of view.upcoming) lines.push(`  ${phaseName(next.phase)}: ${when(next.deadline, zone)}`);
  }
  if (view.status !== 'forming') {
    lines.push('', `Alive (${view.living.length}): ${view.living.map((s) => s.nick).join(', ')}`);
    if (view.dead.length > 0) {
      lines.push(`Dead (${view.dead.length}):`);
      for (const seat of view.dead) lines.push(`  ${seat.nick}, ${phaseName(seat.death!.phase)}: ${seat.death!.comment}`);
    }
    const replaced = [...view.living, ...view.dead].filter((s) => s.formerly.length > 0);
    // A seat taken over keeps its nick: "Carol replaced Carol" would say nothing.
    const former = (nick: string, f: { readonly nick: string; readonly phase: Phase }) =>
      f.nick === nick ? `a player who left (${phaseName(f.phase)})` : `${f.nick} (${phaseName(f.phase)})`;
    for (const seat of replaced) lines.push(`${seat.nick} replaced ${seat.formerly.map((f) => former(seat.nick, f)).join(', then ')}.`);
    const open = [...view.living, ...view.dead].filter((s) => s.open);
    if (open.length > 0) lines.push(`Open seats (their players resigned): ${open.map((s) => s.nick).join(', ')}`);
    if (view.joined.length > 0) lines.push(`Standbys: ${view.joined.map((n) => n ?? '(no name yet)').join(', ')}`);
  }
  if (view.count !== null && view.status === 'running') lines.push('', renderVoteCount(view.count));
  if (view.yourRole !== null) lines.push('', `Your role: ${view.yourRole}`);
  const roles = [...view.living, ...view.dead].filter((s) => s.role !== null);
  if (roles.length > 0 && view.yourRole === null) lines.push('', 'Roles (the GMs see them):', ...roles.map((s) => `  ${s.nick}: ${s.role}`));
  return lines.join('\n');
}

/** What the judge itself says around a Mafia game's rules: creation, sign-on, lines it cannot read. */
export type MafiaJudgeText =
  | { readonly kind: 'created'; readonly gameName: string; readonly settings: readonly string[] }
  | { readonly kind: 'observing'; readonly gameName: string }
  | { readonly kind: 'no-such-seat'; readonly gameName: string; readonly written: string }
  | { readonly kind: 'not-a-command'; readonly text: string }
  | { readonly kind: 'unclosed'; readonly opener: string; readonly closer: string }
  | { readonly kind: 'promote-whom'; readonly written: string }
  | { readonly kind: 'promoted'; readonly gameName: string }
  | { readonly kind: 'you-promoted'; readonly gameName: string }
  | { readonly kind: 'set-password-usage' }
  | { readonly kind: 'observer-left'; readonly gameName: string }
  | { readonly kind: 'you-resigned'; readonly gameName: string; readonly written: string };

export function renderMafiaJudgeText(text: MafiaJudgeText): string {
  switch (text.kind) {
    case 'created':
      return [
        `Mafia game '${text.gameName}' has been created; you are its GM.`,
        ...text.settings,
        `Players join with JOIN ${text.gameName} password and NAME yourname; START starts the game.`,
      ].join('\n');
    case 'observing':
      return `You are observing '${text.gameName}': you get every post and notice to everyone, and do not post. Sign on later with SIGNON observer@${text.gameName} and your password.`;
    case 'no-such-seat':
      return `Nobody in '${text.gameName}' signs on as "${text.written}": use SIGNON yourname@${text.gameName} password (or master@${text.gameName} for a GM).`;
    case 'not-a-command':
      return `"${text.text}" is not a command of a Mafia game (NAME, VOTE, UNVOTE, VOTECOUNT, STATUS, PRESS TO … ENDPRESS, SET PASSWORD, RESIGN).`;
    case 'unclosed':
      return `${text.opener} needs its ${text.closer} line; nothing of it was done.`;
    case 'promote-whom':
      return `PROMOTE names the address of an observer or standby of the game, not "${text.written}".`;
    case 'promoted':
      return `A co-GM has been added to '${text.gameName}'.`;
    case 'you-promoted':
      return `You are now a GM of '${text.gameName}': sign on with SIGNON master@${text.gameName} and your password.`;
    case 'you-resigned':
      return `You resigned as ${text.written} in '${text.gameName}'; that password no longer signs on. To play again, ask the GM.`;
    case 'observer-left':
      return `You no longer observe '${text.gameName}'.`;
    case 'set-password-usage':
      return 'SET PASSWORD takes one word, the new password; your password was not changed.';
  }
}
