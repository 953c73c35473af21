// The titles of the judge's notices: what follows "<judge>:<game> - <phase>" in their Subject
// (subjects.ts' subjectFor puts them together).

export type NoticeTitle =
  | 'parameter-change'
  | 'rollback'
  | 'rollforward'
  | 'preview'
  | 'ejected'
  | 'game-unstarted'
  | 'game-full'
  | 'game-starting'
  | 'promoted'
  | 'proposal'
  | 'proposal-rejected'
  | 'absence-notice'
  | 'players-revealed'
  | 'official-notice'
  | 'orders-ahead'
  /** A phase's results, mailed to everyone following the game. */
  | 'results'
  | { readonly kind: 'resignation' | 'dummy' | 'revived' | 'master-as'; readonly power: string }
  | { readonly kind: 'new-player-signon'; readonly initial: string };

const FIXED: Readonly<Record<Extract<NoticeTitle, string>, string>> = {
  'parameter-change': 'Parameter Change',
  rollback: 'Rollback',
  rollforward: 'Rollforward',
  preview: 'Preview',
  ejected: 'Ejected',
  'game-unstarted': 'Game unstarted',
  'game-full': 'Game full',
  'game-starting': 'Game starting',
  promoted: 'Promoted',
  proposal: 'Proposal',
  'proposal-rejected': 'Proposal rejected',
  'absence-notice': 'Absence Notice',
  'players-revealed': 'Players revealed',
  'official-notice': 'Official notice',
  'orders-ahead': 'Orders ahead',
  results: 'Results',
};

export function noticeTitle(title: NoticeTitle): string {
  if (typeof title === 'string') return FIXED[title];
  switch (title.kind) {
    case 'resignation':
      return `Resignation: ${title.power}`;
    case 'dummy':
      return `Dummy: ${title.power}`;
    case 'revived':
      return `Revived: ${title.power}`;
    case 'master-as':
      return `Master as ${title.power}`;
    case 'new-player-signon':
      return `New Player Signon: ${title.initial}`;
  }
}
