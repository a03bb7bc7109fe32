// Names that usually hold text produced by a model: llm_output, modelResponse, completion,
// response.choices[0], message.content, generated_code … Shared by OH1/OH2 (no flags, no anchors).
export const MODEL_OUTPUT =
  '(?:\\b(?:llm|model|ai|gpt|claude|chat|agent|assistant|generated|completion)[_-]?(?:output|response|reply|result|answer|text|code|sql|query|command|cmd|script|content)s?\\b|\\bcompletions?\\b|\\bchoices\\s*\\[\\s*0\\s*\\]|\\b(?:message|response|resp|reply|result)\\.(?:content|text|output_text)\\b|\\boutput_text\\b)';
