// The reply to HELP: what the judge understands. Plain ASCII in lines of at most 76 characters,
// so the reply goes out as 7-bit text that every mail client shows as it is (no quoted-printable
// soft breaks). The game options' usage lines come from the option table (src/judge/master/game-options.ts).

export function renderHelp(optionLines: readonly string[]): string {
  return `dipjudge understands the e-mail commands of njudge and DPjudge.
A mail holds one or more blocks; each starts with one of these lines and
acts on that game:

  JOIN game password        join a forming game
                            (JOIN france@game password: POWER_CHOICE games)
  SIGNON Fgame password     sign on as a power by its initial
                            (or france@game; Mgame for the Master)
  SIGN ON ? password        join the next forming game (? chaos: of chaos)
  OBSERVE name@game pw      follow a game as an observer
  RESIGN Fgame password     leave your power
  TAKEOVER france@game pw   take over a vacated power
  CREATE game pw [variant]  create a game with you as its Master
                            (LIST VARIANTS; then RULES, DESC, FORM ...)

After SIGNON: order lines (A Par - Bur, F Nth C A Lon - Nwy, Build A Mun),
STATUS, CLEAR, PRESS [TO list] ... ENDPRESS, BROADCAST ... ENDBROADCAST,
SET WAIT / NOWAIT, SET PASSWORD p, SET ADDRESS a[,b],
SET ZONE Europe/Berlin, SET ABSENCE date [TO date], VOTE DIAS / SOLO / LOSS,
SET DRAW, SET CONCEDE power, PROPOSE DIAS (PROPOSE_DIAS games),
POSTAL PRESS ... ENDPRESS (sent with the results, under SET POSTAL PRESS),
DIARY ... ENDPRESS, DIARY LIST / READ n / DELETE n (sent when it ends),
SET NO BROADCAST / SET BROADCAST (whether you receive players' broadcasts).

Orders ahead (njudge): PHASE S 1903 M (or PHASE Fall 1902 Retreat,
PHASE W 1902 B, PHASE F1902R) makes the lines after it, up to the next
command, your orders for that later phase; they become your orders when
it begins. IF [NOT] [power] [type] province, joined by AND, OR and
parentheses, with ELSE and ENDIF, reads the position then:
  PHASE F 1901 M
  IF Germany A Ruh AND NOT (England F Eng OR Bel)
    A Bur - Bel
  ELSE
    A Bur H
  ENDIF
You are mailed which branches were taken. A new PHASE block replaces the
one you sent for that phase; PHASE S 1903 M CLEAR withdraws it; STATUS
lists what you have on file.

Without signing on: LIST, LIST game, LIST VARIANTS,
HISTORY game [FROM date] [TO date] [LINES n] (results, notices and
broadcasts; or EXCLSTART phase [EXCLEND phase] [BROAD] for phases),
SUMMARY game (players, centres by year, result),
SEARCH words, HELP, GET DEDICATION (your own record:
dedication, on-time and civil-disorder ratios, games started and taken
over),
INFO PLAYER address (anyone's, without gunboat and NO_REVEAL games),
MAP game [phase] [SVG] (the map as PNG, or SVG, attached to the reply),
HELP ROLES (the werewolf role sets the judge narrates, and their roles:
CREATE game pw werewolf ROLESET set; JOIN game pw, then NAME yourname).

Results come with the map of the phase as a picture after the text;
SET MAP OFF (after SIGNON) sends them as text alone, SET MAP ON again.

The Master (SIGNON Mgame password): FORM, ACTIVATE, WAIT, TERMINATE,
PROCESS, PROCESS!, PREVIEW, ROLLBACK [phase] [RESTORE] [FULL], ROLLFORWARD,
UNSTART (or ROLLBACK FORMING: back to forming before the first results),
SET DEADLINE date, SET GRACE date, SET START date (not processed before),
DEADLINE MOVED 1D 12H LATER, SET ALL PRESS / NORMAL PRESS (a silent copy of
all partial press), SET APPROVE powers / SET NOT APPROVE powers (APPROVAL),
RESIGN / DUMMY / REVIVE / EJECT power, BECOME power, OFFICIAL [subject],
new@address HAS REPLACED power (or IS REPLACING; the new player is
mailed a password), DAY|NIGHT n HAS ENDED / HAS BEGUN,
REVEAL, SET LISTED / UNLISTED, SET DEDICATION n / ONTIMERAT x / RESRAT x
(what a player's record must show to join or take over; SET NO DEDICATION
removes it). PURGE game password and RENAME game new password need no
SIGNON. PROMOTE address|power makes a player or observer another Master
(signing on with their own password); a Master's RESIGN steps down, but
never the last Master's.

Game options: after CREATE, or after the Master's SIGNON (each change is
announced; players may change them too in UNMODERATED games):
${optionLines.join('\n')}
DPjudge's RULE lines work too (RULE GREY_PRESS !NO_DIAS). CREATE g pw
standard blind (or fog) makes a blind (fog-of-war) game: each power sees
only its part of the board. Refused by name: MYOPIC, LEVEL, PROXY,
STRICT CONVOY, preferences, ratings and the rest
this judge cannot honour.

Lines starting with // are ignored; SIGNOFF ends the mail.
`;
}
