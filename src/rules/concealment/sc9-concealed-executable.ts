import { defineRule } from '../types.js';

/** Concealment is decided by the container stage; this rule turns it into findings. */
export const sc9 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC9',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 1,
    // A fact about a dependency manifest or an artifact, wherever its file sits (not re-placed).
    calibration: 'artifact',
    noTriage: true,
    title: 'Concealed Executable Artifact',
    description:
      'Executable content (by suffix, shebang, binary magic, mode bits or an Office macro project) hidden inside an Office document, inside a hidden file or member, or inside a container whose extension disguises it. Agents and users do not review such content, which makes it a common way to smuggle payloads into a skill. Data formats that merely carry an executable-looking name or mode bits are not executables: macOS AppleDouble sidecars (`__MACOSX/._name`, recognised by their header) and the standard data parts of Office documents (printer settings, embedded fonts, thumbnail, media), unless they hold native code or a shebang.',
    remediation:
      'Ship scripts as visible, plainly named files at the top level of the skill. Remove executables embedded in documents, hidden paths or renamed archives; if one is needed, document why and move it into view.',
  },
  check(bundle) {
    return bundle.inventory
      .filter((e) => e.concealment !== undefined)
      .map((e) => ({
        file: e.path,
        line: 1,
        matched: String(e.concealment?.evidence.nested_path ?? e.path),
        label: 'Concealed Executable Artifact',
        tags: ['supply-chain', 'concealed-executable', 'local-only'],
        evidence: { ...(e.concealment?.evidence ?? {}) },
      }));
  },
});
