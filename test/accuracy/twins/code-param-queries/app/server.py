#!/usr/bin/env python3
"""Note search over notes.db with parameterised queries."""
import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)
SEARCH = {
    "new": "SELECT id, title, created FROM notes WHERE body LIKE ? ORDER BY created DESC",
    "old": "SELECT id, title, created FROM notes WHERE body LIKE ? ORDER BY created ASC",
    "title": "SELECT id, title, created FROM notes WHERE body LIKE ? ORDER BY title",
}


@app.route("/search")
def search():
    term = request.args.get("q", "")
    query = SEARCH.get(request.args.get("order", "new"), SEARCH["new"])
    cur = sqlite3.connect("notes.db").cursor()
    cur.execute(query, (f"%{term}%",))
    return jsonify(cur.fetchall())


@app.route("/tag", methods=["POST"])
def tag():
    conn = sqlite3.connect("notes.db")
    conn.execute("INSERT INTO tags (note_id, label) VALUES (?, ?)", (int(request.form["id"]), request.form["tag"]))
    conn.commit()
    return jsonify({"ok": True})


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=8765)
