// The HTML report's only stylesheet, inlined (the page's CSP allows inline styles and nothing else).
export const HTML_STYLE = `
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff; --panel: #f6f8fa;
  --critical: #82071e; --high: #cf222e; --medium: #9a6700; --low: #0969da; --ok: #1a7f37; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
code, pre, .path { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.verdict { display: inline-block; padding: 4px 12px; border-radius: 6px; color: #fff; font-weight: 700; font-size: 18px; letter-spacing: .02em; }
.verdict-SAFE { background: var(--ok); } .verdict-CAUTION { background: var(--medium); } .verdict-DO_NOT_INSTALL { background: var(--critical); }
.facts { display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 10px 0; }
.banner { border-left: 4px solid var(--high); background: #fff1f0; padding: 8px 12px; margin: 12px 0; }
.banner.warn { border-color: var(--medium); background: #fff8c5; }
.chips { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
.chip { border: 1px solid var(--line); border-radius: 12px; padding: 2px 10px; background: var(--panel); }
.sev { font-weight: 700; } .sev-CRITICAL { color: var(--critical); } .sev-HIGH { color: var(--high); } .sev-MEDIUM { color: var(--medium); } .sev-LOW { color: var(--low); }
.bar { display: flex; height: 14px; border-radius: 7px; overflow: hidden; background: var(--line); margin: 6px 0; max-width: 600px; }
.bar span { display: block; height: 100%; }
.bar .full { background: var(--ok); } .bar .part { background: #d4a72c; } .bar .none { background: var(--high); }
.finding { border: 1px solid var(--line); border-left-width: 4px; border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
.finding.f-CRITICAL { border-left-color: var(--critical); } .finding.f-HIGH { border-left-color: var(--high); }
.finding.f-MEDIUM { border-left-color: var(--medium); } .finding.f-LOW { border-left-color: var(--low); }
.finding header { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; color: var(--fg); }
.rule { font-weight: 700; }
pre.code { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 6px 0; margin: 6px 0; overflow-x: auto; white-space: pre-wrap; }
pre.code .ln { display: inline-block; min-width: 4em; padding: 0 8px; color: var(--muted); text-align: right; user-select: none; }
.fix { color: var(--ok); font-weight: 600; }
ul.occ { margin: 4px 0; padding-left: 20px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--panel); }
.tree td:first-child { white-space: nowrap; }
.disp { font-weight: 600; } .disp-analyzed { color: var(--ok); } .disp-partial { color: var(--medium); } .disp-failed { color: var(--high); } .disp-out_of_scope { color: var(--muted); }
details > summary { cursor: pointer; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
`;
