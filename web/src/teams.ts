// Team play (BITE's optional rule 38.1): four seats, each side's command split at the green
// line. The server names a team seat `{side}_{commander}` (`axis_north`); a plain game's
// seats are named as their sides. These words name a seat for players.

import type { Payload } from "./api";
import { L, fmt, word } from "./i18n";
import { sideName } from "./text";

/** The game option that seats four players, and each side's commanders (north first). */
export const TEAM_OPTION = "or38_team_play";
export const COMMANDERS = ["north", "south"] as const;

/** A side's seat names in a team game: `axis_north`, `axis_south`. */
export function teamSeats(sides: readonly string[]): string[] {
  return sides.flatMap((s) => COMMANDERS.map((c) => `${s}_${c}`));
}

/** A seat in words: "Axis, northern commander", or the side's name for a plain seat. */
export function seatName(seat: string): string {
  const cut = seat.lastIndexOf("_");
  const commander = cut > 0 ? seat.slice(cut + 1) : "";
  if (!(COMMANDERS as readonly string[]).includes(commander)) return sideName(seat);
  return fmt(L.team.seat, { side: sideName(seat.slice(0, cut)), commander: word(L.team.commander, commander) });
}

/** Who is to decide now, in words: the sides, or in a team game the seats (38.1). */
export function movers(p: Payload): string {
  return p.team ? p.team.seats_to_move.map(seatName).join(", ") : p.to_move.map(sideName).join(", ");
}
