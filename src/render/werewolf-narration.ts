import { orList } from '../engine/suggest.ts';
import { phaseName } from '../werewolf/phases.ts';
import type { AvailableAction, EffectBody, Refusal } from '../werewolf/state.ts';

// The words of the werewolf narrator: one line per effect (a private result, a public announcement,
// a death, the end), the prompt line of each thing a player may do, and why a command was refused.
// The wiring decides who gets each line from the effect's audience; these only word it.

const article = (word: string) => (/^[AEIOU]/i.test(word) ? `an ${word}` : `a ${word}`);

export function werewolfEffectText(effect: EffectBody): string {
  switch (effect.kind) {
    case 'role-dealt':
      return `You are ${article(effect.role)} (${effect.roleClass} ${effect.category}), playing for the ${effect.team}.`;
    case 'group-members':
      return `The ${effect.group}: ${effect.members.join(', ')}.`;
    case 'phase-started':
      return `${phaseName(effect.phase)} begins.`;
    case 'poll-opened':
      return `The ${effect.poll} poll is open in #${effect.location}.`;
    case 'poll-closed': {
      const lines = effect.tally.map((t) => `  ${t.choice} (${t.votes})${t.voters === null ? '' : `: ${t.voters.join(', ')}`}`);
      const outcome = effect.winner === null ? 'no one is chosen' : `${effect.winner} is chosen`;
      return [`The ${effect.poll} poll is closed: ${outcome}.`, ...lines].join('\n');
    }
    case 'investigated':
      return `Your investigation of ${effect.target}: their ${effect.subtype.toLowerCase()} is ${effect.result}.`;
    case 'attribute-investigated':
      return `Your investigation of ${effect.target}: ${effect.present ? 'they are' : 'they are not'} ${effect.attribute}.`;
    case 'death':
      return effect.cause === 'Lynch'
        ? `${effect.player} has been lynched. They were ${article(effect.role)}.`
        : `${effect.player} has died. They were ${article(effect.role)}.`;
    case 'protected':
      return `Your protection of ${effect.target} was used.`;
    case 'obstructed':
      return 'You were blocked: your action did nothing.';
    case 'revealed':
      return `${effect.player} is ${article(effect.role)}.`;
    case 'announced':
      return effect.text;
    case 'learned':
      return effect.text;
    case 'targeted':
      return effect.target === null ? 'You have no target.' : `Your target is ${effect.target}.`;
    case 'game-ended': {
      const roles = effect.roles.map((r) => `  ${r.player}: ${r.role}`);
      return [
        `The game is over: the ${orList([...effect.winners])} ${effect.winners.length === 1 ? 'wins' : 'win'} (${effect.winningPlayers.join(', ')}).`,
        ...roles,
      ].join('\n');
    }
  }
}

/** The prompt line for one thing a player may do now, e.g. `INVESTIGATE nick (one of: ann, bob)`. */
export function availableActionLine(option: AvailableAction): string {
  if (option.kind === 'vote') {
    const now = option.chosen === null ? '' : ` Now: ${option.chosen}.`;
    return `VOTE ${option.poll} name: one of ${option.choices.join(', ')}.${now}`;
  }
  const form = option.needsSelection ? `${option.verb} ${option.uses > 1 ? `name (up to ${option.uses})` : 'name'}` : option.verb;
  const when = option.timing === 'Immediate' ? 'at once' : option.timing === 'Start' ? 'at the start of the next phase' : 'at the end of the phase';
  const choices = option.needsSelection ? `: one of ${option.choices.join(', ')}` : '';
  const now = option.chosen.length > 0 && option.needsSelection ? ` Now: ${option.chosen.join(', ')}.` : '';
  const prompt = option.prompt === null ? '' : ` ${option.prompt}`;
  return `${form} (${when})${choices}.${now}${prompt}`;
}

export function werewolfRefusalText(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'game-over':
      return 'The game is over.';
    case 'not-a-player':
      return `${refusal.player} is not playing in this game.`;
    case 'dead':
      return `${refusal.player} is dead and can no longer act or vote.`;
    case 'no-such-action':
      return 'Your role has no such action.';
    case 'restricted':
      return {
        phase: 'Your role cannot do that in this phase.',
        temporal: 'Your role cannot do that yet (or any more) at this point in the game.',
        quantity: 'You have used that as often as your role allows.',
        succession: 'You cannot do that two phases running.',
        'target-succession': 'You cannot choose the same player two phases running.',
        attribute: 'Your role cannot do that now.',
      }[refusal.why];
    case 'bad-selection':
      return `${refusal.written} cannot be chosen; choose one of ${orList([...refusal.choices])}.`;
    case 'selection-count':
      return refusal.given === 0 ? 'Name a player.' : `Name at most ${refusal.most} ${refusal.most === 1 ? 'player' : 'players'}.`;
    case 'nothing-to-withdraw':
      return 'You had chosen nothing for that.';
    case 'no-such-poll':
      return `There is no ${refusal.poll} poll open now.`;
    case 'not-a-voter':
      return `You do not vote in the ${refusal.poll} poll.`;
    case 'bad-choice':
      return `${refusal.written} is not a choice; vote for one of ${orList([...refusal.choices])}.`;
    case 'no-role-list':
      return `The role set has no role list for ${refusal.players} ${refusal.players === 1 ? 'player' : 'players'} (it has lists for ${orList(refusal.sizes.map(String))}).`;
    case 'duplicate-player':
      return `${refusal.player} is named twice.`;
  }
}
