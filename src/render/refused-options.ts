// The reasons this judge gives for not honouring an njudge or DPjudge option or rule: the judge
// refuses them by name (game-options.ts looks the spelling up here) and these say why.

/** njudge's PRFLIST / PRFRAND / PRFBOTH: how powers are given out is fixed on this judge. */
const PREFERENCES_REFUSAL =
  "powers are always given as njudge's PRFLIST does: the players' SET PREFERENCE lists are honoured, in random order of the players (or chosen with POWER_CHOICE); PRFRAND and PRFBOTH are not available";

/** njudge's and DPjudge's options this judge does not honour, with the reason, by spelling without spaces. */
export const REFUSED_OPTIONS: Readonly<Record<string, string>> = {
  SHORTHAND: 'Shorthand games are not available on this judge',
  WINGS: 'Wings (air units) are not available on this judge',
  INTIMATE: 'Intimate games (players bid for powers) are not available on this judge',
  DUPLEX: 'Duplex games (several powers per player) are not available on this judge',
  TRANSFORM: 'Transform orders are not available on this judge',
  PROXY: 'proxy orders are not available on this judge',
  STRICTCONVOY: 'this judge reads convoys as the DATC prefers (routes written are accepted, not required); STRICT CONVOY is not available',
  STRICTWAIT: "STRICT WAIT is not needed here: only a power's own player can hold a game with SET WAIT",
  PRFLIST: PREFERENCES_REFUSAL,
  PRFRAND: PREFERENCES_REFUSAL,
  PRFBOTH: PREFERENCES_REFUSAL,
  RATED: "rated and unrated games are not told apart on this judge: every game counts in players' records",
  UNRATED: "rated and unrated games are not told apart on this judge: every game counts in players' records",
  ACCESS: 'ACCESS ANY|SAME|DIFFERENT (judge sites) has no meaning on a single judge',
  LEVEL:
    'SET LEVEL admits players by the level they registered with (Novice to Expert); this judge has no registration and so no levels: use SET DEDICATION, ONTIMERAT or RESRAT, or ALLOW PLAYER',
  BLANKPRESS: 'BLANK PRESS is not available on this judge',
  MINORPRESS: 'MINOR PRESS is not available on this judge: press is allowed in every phase',
  TOUCHPRESS: 'TOUCH PRESS (press only to neighbours) is not available on this judge',
  GRACEPRESS: 'GRACE PRESS is not available on this judge: use NO LATE PRESS to keep late powers to the Master',
  RESUME: 'RESUME is ACTIVATE on this judge',
  VARIANT: 'the variant is chosen at CREATE and cannot change afterwards on this judge',
  BN: 'BN, MN and EP (Boardgamer/Miller numbers) are not kept on this judge',
  MN: 'BN, MN and EP (Boardgamer/Miller numbers) are not kept on this judge',
  EP: 'BN, MN and EP (Boardgamer/Miller numbers) are not kept on this judge',
};

/** DPjudge rules this judge refuses by name at CREATE or in a RULE line. */
export const REFUSED_RULES: Readonly<Record<string, string>> = {
  PROXY_OK: REFUSED_OPTIONS.PROXY!,
  TOUCH_PRESS: REFUSED_OPTIONS.TOUCHPRESS!,
  REMOTE_PRESS: 'REMOTE_PRESS is not available on this judge',
  LATE_SEND: 'late powers may send press unless NO_LATE_PRESS is set; LATE_SEND is not needed',
  YELLOW_PRESS: 'YELLOW_PRESS is not available on this judge: use GREY_PRESS',
  FTF_PRESS: 'FTF_PRESS is not available on this judge: use NO_LATE_PRESS',
  EAVESDROP: 'EAVESDROP is not available as a rule on this judge: a Master who wants a silent copy of all partial press sends SET ALL PRESS',
  HIDE_BUILDS: 'HIDE_BUILDS (builds shown only next spring) is not available on this judge: in a BLIND game a build shows to the powers that see its province',
  HIDE_DUMMIES: 'HIDE_DUMMIES (dummies look played) is not available on this judge: LIST shows which powers have no player',
  MYOPIC: 'MYOPIC is not available on this judge: BLIND powers see the provinces next to their units and centres',
  VENETIAN: 'VENETIAN (disguised units) is not available on this judge: a unit seen in a BLIND game shows its type and owner',
  GREEK: 'GREEK (disguised units) is not available on this judge: a unit seen in a BLIND game shows its type and owner',
  TROJAN: 'TROJAN (disguised units) is not available on this judge: a unit seen in a BLIND game shows its type and owner',
  SHOW_PHANTOM: 'SHOW_PHANTOM is not available on this judge: a support of a unit that is not there is void and not announced',
  FICTIONAL_OK:
    'FICTIONAL_OK is not a rule of its own on this judge: a BLIND or FOG game accepts orders about units its player cannot see and judges them when the phase is processed',
  HIDE_LATE_POWERS: 'HIDE_LATE_POWERS is not available on this judge: late notices name the late powers',
};
