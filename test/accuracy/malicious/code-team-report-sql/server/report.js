// Velocity report over sprints.db, one page per team.
const express = require('express');
const sqlite3 = require('sqlite3');

const db = new sqlite3.Database('sprints.db');
const app = express();

app.get('/report', (req, res) => {
  const team = req.query.team || 'platform';
  db.all("SELECT sprint, committed, done FROM velocity WHERE team = '" + req.query.team + "' ORDER BY sprint", (err, rows) => {
    if (err) return res.status(500).send(String(err));
    res.send(`<h1>${team}</h1>` + rows.map((r) => `<p>${r.sprint}: ${r.done}/${r.committed}</p>`).join(''));
  });
});

app.get('/sprint/:id', (req, res) => {
  const id = req.params.id;
  db.get(`SELECT * FROM sprints WHERE id = ${id}`, (err, row) => res.json(err ? { error: String(err) } : row));
});

app.listen(4055, () => console.log('report on :4055'));
