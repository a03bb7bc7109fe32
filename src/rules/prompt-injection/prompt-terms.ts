// Names for the agent's hidden configuration, shared by the system-prompt leakage rules (P6–P8).
export const SECRET_PROMPT = String.raw`(?:system\s+(?:prompt|message|instructions)|(?:initial|original|hidden|secret|internal|developer|custom|pre-?)\s*(?:prompt|instructions|message)|instructions\s+(?:above|you\s+were\s+given|you\s+received)|prompt\s+above|(?:rules|guidelines)\s+you\s+(?:were\s+given|follow))`;
/** "your …" or "the full/hidden/original …": a determiner that points at the agent's own prompt. */
export const OWN = String.raw`(?:your\s+(?:(?:full|entire|complete|exact|whole|actual)\s+)?|the\s+(?:full|entire|complete|exact|whole|actual|verbatim|hidden|initial|original|current)\s+|all\s+(?:of\s+)?your\s+)`;
/** A reference to the agent's hidden prompt: "your system prompt", "the hidden instructions", "the full system message". */
export const PROMPT_REF = String.raw`(?:${OWN}${SECRET_PROMPT}|(?:the|your)\s+(?:(?:full|entire|complete|exact|verbatim)\s+)?(?:hidden|secret|initial|original|internal|developer)\s+(?:prompt|instructions|message))`;
