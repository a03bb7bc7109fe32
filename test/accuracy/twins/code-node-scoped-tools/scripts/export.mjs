#!/usr/bin/env node
// Print a Markdown table of a dashboard's panels.
const base = process.env.ANALYTICS_URL ?? 'https://analytics.example.net';
const key = process.env.ANALYTICS_API_KEY;
const id = process.argv[2];

const res = await fetch(`${base}/api/dashboards/${encodeURIComponent(id)}`, { headers: { Authorization: `ApiKey ${key}` } });
if (!res.ok) {
  console.error(`export failed: ${res.status}`);
  process.exit(1);
}
const dash = await res.json();
console.log('| Panel | Type |\n|---|---|');
for (const p of dash.panels ?? []) console.log(`| ${p.title} | ${p.type} |`);
