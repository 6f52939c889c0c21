// The server's HTTP and WebSocket API (docs/server.md), and the shapes the client reads.
// Every request and socket carries the page's language (Accept-Language, ?lang=), so the
// server's error messages come in the player's words (issue 18).

import { lang } from "./i18n";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface Action {
  side?: string;
  verb: string;
  args: Record<string, Json>;
}

export interface Payload {
  id: string;
  game: string;
  scenario: string;
  options: Record<string, Json>;
  side: string;
  seat?: string; // the seat's name: its side's, or a team seat's (`axis_north`, 38.1)
  version: number;
  seq: number;
  status: "active" | "over";
  to_move: string[];
  your_turn: boolean;
  // Team play (38.1): this seat's commander, the seats with something to decide now, and
  // those that are done with the phase and wait for their teammate.
  team?: { commander: string; seats_to_move: string[]; ready: string[] };
  view: any;
  title?: string; // the game's name as players write it
  legal_actions: Action[];
  action_texts?: string[]; // the game's words for each legal action (games without their own client)
  log_lines?: string[]; // and for each line of the view's log
  can_undo: boolean;
  result: { winner: string | null; outcome: string; detail?: string } | null;
  seats: Record<string, { kind: string; agent: string | null }>;
  ai: { thinking: string | null; error: string | null };
  record: { open: boolean; agreed: string[] };
  seed_chosen_by_creator: boolean;
  dice_commitment?: string | null;
}

/** `GET /api/games/{id}/status`: whose move it is, for the games list. */
export interface GameStatus {
  id: string;
  side: string;
  status: "active" | "over";
  to_move: string[];
  your_turn: boolean;
  waiting_for: { side: string; kind: string; agent: string | null }[];
  result: Payload["result"];
  seq: number;
  updated: string | null;
}

export interface CatalogGame {
  name: string;
  title: string;
  sides: string[];
  status: string;
  playable: boolean;
  scenarios: { id: string; name: string; turns: number; rules: string; playable: boolean; summary: string }[];
  options: { name: string; label: string; default: Json; help: string; choices: Json[]; choice_labels: string[]; scenarios?: string[] }[];
}

export interface Catalog {
  games: CatalogGame[];
  seat_kinds: string[];
  agents: string[];
}

export interface Created {
  id: string;
  /** Tokens of the creator's own seats (their side, every hotseat side). */
  seats: Record<string, string>;
  /** One-time invite codes of the other people's seats (their links: `links[side]`). */
  invites: Record<string, string>;
  kinds: Record<string, string>;
  play_as: string;
  links: Record<string, string>;
  version: number;
}

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public code: string | null,
  ) {
    super(message);
  }
}

export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  headers["accept-language"] = lang;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    throw new ApiError(data?.detail ?? res.statusText, res.status, data?.error ?? null);
  }
  return data as T;
}

/** A seat's socket: calls `onView` with every payload, reconnects after drops. */
export class SeatSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;

  constructor(
    private gameId: string,
    private token: string,
    private onView: (p: Payload) => void,
    private onError: (detail: string, fatal: boolean) => void,
    private path = "ws", // "spectate/ws" for a spectator link
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const url = `${proto}://${location.host}/api/games/${this.gameId}/${this.path}?token=${encodeURIComponent(this.token)}&lang=${lang}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    let fatal = false;
    ws.onmessage = (msg) => {
      const data = JSON.parse(msg.data as string);
      if (data.type === "view") {
        this.retry = 500;
        this.onView(data as Payload);
      } else if (data.type === "error") {
        fatal = [401, 403, 404].includes(data.status) || ["bad_token", "token_revoked", "not_found", "wrong_game", "spectator_only"].includes(data.error);
        this.onError(data.detail ?? "socket error", fatal);
      }
    };
    ws.onclose = (ev) => {
      if (this.closed || this.ws !== ws) return;
      if (fatal || [4401, 4403, 4404].includes(ev.code)) return;
      setTimeout(() => !this.closed && this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}

// --- games kept in this browser (tokens never leave it except as invite links) ---------

export interface SavedGame {
  id: string;
  game: string;
  scenario: string;
  tokens: Record<string, string>;
  kinds: Record<string, string>;
  invites?: Record<string, string>;
  created: number;
}

const STORE = "hexfront.games";

export function savedGames(): SavedGame[] {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "[]") as SavedGame[];
  } catch {
    return [];
  }
}

export function saveGame(entry: SavedGame): void {
  const list = savedGames().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 40)));
}

export function forgetGame(id: string): void {
  localStorage.setItem(STORE, JSON.stringify(savedGames().filter((g) => g.id !== id)));
}
