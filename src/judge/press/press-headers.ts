import type { PartyId, PressArchive, PressKind, PressView, PressViews } from './press-types.ts';

// The views of a press the judge decides on; src/render/press-headers.ts writes the text around it
// (first lines, subjects, the sender's echo).

/** Both views of an archived press, so HISTORY can show it again exactly as it was delivered. */
export function viewsOfArchive(archive: PressArchive): PressViews {
  const truth: PressView = {
    sender: archive.sender,
    broadcast: archive.broadcast,
    recipients: archive.broadcast ? [] : archive.recipients,
  };
  const shownBroadcast = archive.shownBroadcast ?? archive.broadcast;
  const shownSender: Record<PressKind, PartyId | null> = { white: archive.sender, grey: null, fake: archive.fakeSender };
  const shown: PressView = {
    sender: shownSender[archive.kind],
    broadcast: shownBroadcast,
    recipients: shownBroadcast ? [] : (archive.shownRecipients ?? archive.recipients),
  };
  return { truth, shown };
}
