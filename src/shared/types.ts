// Closed vocabularies shared by every stage. Keep them unions so switches stay exhaustive.

export const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type Severity = (typeof SEVERITIES)[number];

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

export type Recommendation = 'SAFE' | 'CAUTION' | 'DO_NOT_INSTALL';
export type ContentKind = 'text' | 'binary' | 'opaque';
export type Disposition = 'analyzed' | 'partial' | 'failed' | 'out_of_scope';
// ZIP family (zip, OOXML, OpenDocument) and the tar family (tar, gzip-wrapped or a plain gzip stream); CONTRACT §13.
export type ContainerType = 'zip' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'tar' | 'gzip';
/** Where a concealed artifact sits: a real container type, or the filesystem for plain files. */
export type ProvenanceContainer = ContainerType | 'filesystem';

export type FileType =
  | 'markdown'
  | 'text'
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'shell'
  | 'json'
  | 'yaml'
  | 'toml'
  | 'ruby'
  | 'go'
  | 'rust'
  | 'xml'
  | 'php'
  | 'powershell'
  | 'batch'
  | ContainerType
  | 'binary'
  | 'other';

/** Archive provenance of a member; ordinary files never carry it. */
export interface Provenance {
  outerPath: string;
  nestedPath: string;
  containerType: ContainerType;
  containerAncestry: ContainerType[];
  containerDepth: number;
  /** The outer file or any member segment on the chain is hidden. */
  hiddenChain: boolean;
  /** The outer file or any container on the chain is disguised. */
  disguisedChain: boolean;
}
