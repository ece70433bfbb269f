// Commands the server declares (executeCommandProvider). vscode-languageclient registers them
// with VS Code itself and forwards invocations as workspace/executeCommand; the extension must not
// register them again, and sees their results only through the executeCommand middleware.

export const SERVER_COMMANDS = {
  /** args: [uri]. Reruns the file's tests (and the diagnosis); results come as diagnostics. */
  rerunTests: "faultline.rerunTests",
  /** args: [uri, diagnosisRank]. */
  refine: "faultline.refine",
  /** args: [uri, line]; answers markdown (or null when the line holds no suspicious statement). */
  showAngelicValues: "faultline.showAngelicValues",
} as const;

/**
 * What to show for a `faultline.showAngelicValues` answer: the markdown document, or a message
 * when the server found no suspicious statement on that line (null) or answered something else.
 */
export function angelicValuesView(
  result: unknown,
  line: unknown,
): { kind: "markdown"; text: string } | { kind: "message"; text: string } {
  if (typeof result === "string" && result.trim() !== "") return { kind: "markdown", text: result };
  const where = typeof line === "number" ? ` on line ${line + 1}` : "";
  return { kind: "message", text: `Faultline: no suspicious statement${where}.` };
}
