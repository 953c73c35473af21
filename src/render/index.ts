// The judge's mails as plain text. Every renderer is a pure function of plain data; deadlines
// arrive formatted because time zones belong to the schedule layer. The classic results block
// (mapper header, results, ownership) is njudge's format to the byte, for the Mapper, floc.net,
// DipTool and jDip.

export { mapperHeader, withMapperHeader, type MapperHeaderInput } from './mapper-header.ts';
export { renderResults, type ResultsInput } from './results.ts';
export { renderOwnership, type OwnershipInput, type PowerStanding } from './ownership.ts';
export { renderOrdersOnFile, renderOrderStatus, renderManualProcessNote, renderProcessingTime, type OrderLine, type OrderStatusInput } from './order-status.ts';
export { renderGameStart, renderPowerAssignment, HIDDEN_ADDRESS, type GameStartInput, type Seat, type SeatAssignment } from './game-start.ts';
export { renderRefusedBlock, type NotDone, type NotDoneKind, type RefusedBlock, type RefusedLine } from './refused-block.ts';
export { renderGameOver, renderPlayersRevealed, type RosterLine } from './game-end.ts';
export {
  renderLineNote,
  renderMailCapNote,
  renderMailFailure,
  renderMailRefusal,
  renderNoCommands,
  renderProseNote,
  renderRepeatsNote,
  renderReplyCutNote,
  type MailCapNote,
  type MailRefusal,
} from './mail-replies.ts';
export { proposalText, renderProposalNotice, renderVoteReply, voteEndText, type Proposal, type VoteEnd, type VoteRecord } from './vote-replies.ts';
export { absenceLines, absenceMoveText, MASTER_HOLDER, renderTimeReply, type AbsenceHolder, type AbsenceWindow, type TimeRecord } from './time-replies.ts';
export { renderMasterReply, rollOrdersText, rollText, type MasterRecord, type Roll } from './master-replies.ts';
export { renderSessionReply, type OrderNote, type SessionRecord } from './session-replies.ts';
export { dummiesAre, renderDummiesNote, renderEnterReply, type EnterRecord, type WatcherRole } from './enter-game-replies.ts';
export {
  newDeadlineText,
  optionLine,
  renderGameCreated,
  renderOptionReply,
  renderSettingNotice,
  rulesText,
  type DeadlineRecomputed,
  type GameCreated,
  type OptionRecord,
  type SettingChange,
  type SettingChanger,
} from './option-replies.ts';
export { noticeTitle, type NoticeTitle } from './notice-titles.ts';
export { deadlineLine, renderMasterNotice, type MasterNotice, type MastersChange } from './master-notices.ts';
export { renderSeatNotice, type SeatNotice } from './seat-notices.ts';
export { deadlineAdjustmentTitle, MASTER_ENDED_GAME, renderTimeNotice, THE_MASTER, type DeadlineChange, type TimeNotice } from './time-notices.ts';
export { renderTurnNotice, turnNoticeTitle, type NamedPower, type TurnNotice, type TurnNoticeTitle } from './turn-notices.ts';
export { gameEndText, gameEndTitle, soloWinText, type GameEndReason } from './end-notices.ts';
