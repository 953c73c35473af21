import type { SessionCommand } from '../../commands/index.ts';
import type { Variant } from '../../engine/variant.ts';
import { DIARIES_TITLE, renderDiaries, renderDiaryRefusal, renderDiaryReply, type DiaryRefusal } from '../../render/classic-replies.ts';
import { formatMoment } from '../../schedule/index.ts';
import { BlockError, type BlockContext, type GameSession, type JudgeConfig } from '../context.ts';
import { noticeToAll } from '../clock/deadlines.ts';
import type { Game } from '../model.ts';
import type { NoticePorts, PressPort, SeatRecord } from '../ports.ts';

// njudge's DIARY: a player's numbered notes to themselves (DIARY [RECORD] … ENDPRESS, DIARY LIST,
// DIARY READ n, DIARY DELETE n…), kept by seat (sql/028) and sent to everyone in the game when it
// ends, each entry under the power that wrote it (a power, never a player: gunboat games stay so).

type DiaryCommand = Extract<SessionCommand, { kind: 'diary' }>;

export async function diaryCommand(
  ctx: BlockContext<Pick<PressPort, 'addDiaryEntry' | 'diaryEntries' | 'deleteDiaryEntries'>>,
  session: GameSession,
  command: DiaryCommand,
): Promise<void> {
  const { game, seat } = session;
  const refuse = (refusal: DiaryRefusal): never => {
    throw new BlockError(command.line, renderDiaryRefusal(refusal));
  };
  if (seat.role !== 'power' || seat.power === null) refuse({ kind: 'not-a-player' });
  if (game.status === 'completed' || game.status === 'terminated') refuse({ kind: 'game-over', gameName: game.name });
  const [action = 'RECORD', ...rest] = command.words.map((w) => w.toUpperCase());
  const zone = seat.timeZone ?? game.timeZone;
  const mine = async () => (await ctx.tx.diaryEntries(game.id)).filter((e) => e.seatId === seat.id);
  const numbers = rest.flatMap((w) => w.split(',')).filter((w) => w !== '');
  if (numbers.some((n) => !/^\d{1,6}$/.test(n)) || (action !== 'READ' && action !== 'DELETE' && rest.length > 0))
    refuse({ kind: 'unknown', written: command.words.join(' ') });
  switch (action) {
    case 'RECORD': {
      if (command.body === null || command.body.trim() === '') return refuse({ kind: 'empty' });
      const number = await ctx.tx.addDiaryEntry({ gameId: game.id, seatId: seat.id, body: command.body, createdAt: ctx.now });
      ctx.reply.push(renderDiaryReply({ kind: 'recorded', gameName: game.name, number }));
      return;
    }
    case 'LIST': {
      const entries = (await mine()).map((e) => ({ number: e.number, written: formatMoment(e.createdAt, zone), body: e.body }));
      ctx.reply.push(renderDiaryReply({ kind: 'list', gameName: game.name, entries }));
      return;
    }
    case 'READ': {
      if (numbers.length !== 1) return refuse({ kind: 'needs-number', action: 'READ' });
      const wanted = Number(numbers[0]);
      const entry = (await mine()).find((e) => e.number === wanted);
      if (!entry) return refuse({ kind: 'no-entry', gameName: game.name, numbers: [wanted] });
      ctx.reply.push(
        renderDiaryReply({
          kind: 'read',
          gameName: game.name,
          entry: { number: entry.number, written: formatMoment(entry.createdAt, zone), body: entry.body },
        }),
      );
      return;
    }
    case 'DELETE': {
      if (numbers.length === 0) return refuse({ kind: 'needs-number', action: 'DELETE' });
      const wanted = [...new Set(numbers.map(Number))];
      const kept = new Set((await mine()).map((e) => e.number));
      const missing = wanted.filter((n) => !kept.has(n));
      if (missing.length > 0) return refuse({ kind: 'no-entry', gameName: game.name, numbers: missing });
      const deleted = await ctx.tx.deleteDiaryEntries(seat.id, wanted);
      ctx.reply.push(renderDiaryReply({ kind: 'deleted', gameName: game.name, numbers: deleted }));
      return;
    }
    default:
      refuse({ kind: 'unknown', written: command.words.join(' ') });
  }
}

/** When a game ends: its diaries, if any were kept, go to everyone who follows it, power by power. */
export async function publishDiaries(
  tx: NoticePorts & Pick<PressPort, 'diaryEntries'>,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
): Promise<void> {
  const entries = await tx.diaryEntries(game.id);
  if (entries.length === 0) return;
  const powerOf = new Map(seats.map((s) => [s.id, s.power]));
  const diaries = variant.powers
    .map((power) => ({
      power: power.name,
      entries: entries
        .filter((e) => powerOf.get(e.seatId) === power.id)
        .map((e) => ({ number: e.number, written: formatMoment(e.createdAt, game.timeZone), body: e.body })),
    }))
    .filter((diary) => diary.entries.length > 0);
  if (diaries.length === 0) return;
  const body = renderDiaries(game.name, diaries);
  await noticeToAll(tx, config, game, seats, DIARIES_TITLE, () => body);
}
