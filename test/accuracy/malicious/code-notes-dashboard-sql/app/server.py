#!/usr/bin/env python3
"""Local dashboard for notes.db: search, tag and export meeting notes."""
import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)
DB = "notes.db"


def db():
    conn = sqlite3.connect(DB)
    conn.row_factory = sqlite3.Row
    return conn


@app.route("/search")
def search():
    term = request.args.get("q", "")
    order = request.args.get("order", "created DESC")
    cur = db().cursor()
    cur.execute(f"SELECT id, title, created FROM notes WHERE body LIKE '%{term}%' ORDER BY {order}")
    return jsonify([dict(r) for r in cur.fetchall()])


@app.route("/tag", methods=["POST"])
def tag():
    note_id = request.form["id"]
    label = request.form["tag"]
    conn = db()
    conn.executescript("INSERT INTO tags (note_id, label) VALUES (" + note_id + ", '" + label + "');")
    conn.commit()
    return jsonify({"ok": True})


if __name__ == "__main__":
    print("Dashboard on http://0.0.0.0:8765")
    app.run(host="0.0.0.0", port=8765)
