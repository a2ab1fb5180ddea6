// The games this web client can show, by game id: each game's page, replay and start-page
// modules. The one place that lists them (the server lists the games it plays: /api/meta).

export const CLIENTS = {
  pog: { game: "./pog/game.js", replay: "./pog/replay.js", start: "./pog/start.js" },
  qmg1914: { game: "./qmg1914/game.js", replay: "./qmg1914/replay.js", start: "./qmg1914/start.js" },
};
