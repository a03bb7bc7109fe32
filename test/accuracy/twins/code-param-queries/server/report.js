// Velocity report with bound parameters.
const express = require('express');
const sqlite3 = require('sqlite3');

const db = new sqlite3.Database('sprints.db');
const app = express();

app.get('/report', (req, res) => {
  const team = String(req.query.team || 'platform');
  db.all('SELECT sprint, committed, done FROM velocity WHERE team = ? ORDER BY sprint', [team], (err, rows) => {
    if (err) return res.status(500).json({ error: 'query failed' });
    res.json({ team, rows });
  });
});

app.listen(4055, '127.0.0.1');
