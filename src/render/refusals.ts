// The reasons a command is refused, by kind: the judge decides that and why, these write it
// (renderRefusedBlock then puts each under its line). Moved here module by module; the commands
// not yet moved still write their reason where they refuse.

export type Refusal =
  | { readonly kind: 'game-name-missing' }
  | { readonly kind: 'map-not-started'; readonly gameName: string }
  | { readonly kind: 'map-no-phase'; readonly gameName: string; readonly phase: string; readonly phases: readonly string[] }
  | { readonly kind: 'map-not-drawn'; readonly gameName: string; readonly variantTitle: string }
  | { readonly kind: 'history-no-phase'; readonly gameName: string; readonly phase: string; readonly phases: readonly string[] }
  | { readonly kind: 'unknown-setting'; readonly spelled: string }
  | { readonly kind: 'option-master-only'; readonly gameName: string; readonly optionTitle: string; readonly moderated: boolean }
  | { readonly kind: 'rule-master-only'; readonly gameName: string; readonly rule: string };

export function renderRefusal(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'game-name-missing':
      return 'Which game? Write the game name after the command';
    case 'map-not-started':
      return `Game '${refusal.gameName}' has not started: there is no map to draw yet`;
    case 'map-no-phase':
      return `Game '${refusal.gameName}' has no phase ${refusal.phase}; its phases: ${refusal.phases.join(', ')}`;
    case 'map-not-drawn':
      return `The ${refusal.variantTitle} map has no drawing on this judge, so game '${refusal.gameName}' cannot be drawn`;
    case 'history-no-phase':
      return `Game '${refusal.gameName}' has no phase ${refusal.phase}${refusal.phases.length > 0 ? `; its phases: ${refusal.phases.join(', ')}` : ' yet'}`;
    case 'unknown-setting':
      return `${refusal.spelled.split(' ').slice(0, 2).join(' ')} is not a setting this judge knows; HELP lists the game options`;
    case 'option-master-only':
      return `Only the Master can change ${refusal.optionTitle.toLowerCase()} in game '${refusal.gameName}'${refusal.moderated ? ' (players can in UNMODERATED games)' : ''}`;
    case 'rule-master-only':
      return `Only the Master can change the rule ${refusal.rule} of game '${refusal.gameName}'`;
  }
}
