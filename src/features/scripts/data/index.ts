// The scripts domain's public data API: its outbox kinds, pull and local writes, and the named
// reads the video create flow uses to start from a saved script. No React.
export {
  SCRIPTS_COLLECTION,
  SCRIPTS_PAGE_SIZE,
  DEFAULT_SCRIPT_LANGUAGE,
  scriptEntityKey,
  createScriptMutation,
  updateScriptMutation,
  deleteScriptMutation,
  countWords,
  toLocalScript,
  createScriptLocally,
  updateScriptLocally,
  deleteScriptLocally,
  undoDeleteScript,
  saveGeneratedScript,
  refreshScripts,
  fetchAllScripts,
  createScriptsSync,
} from './scripts';
export type { CreateScriptInput, CreateScriptPayload, DeletedScript, UpdateScriptPayload, DeleteScriptPayload, ScriptChanges, ScriptFields } from './scripts';
export { scriptsRecentlyEdited, scriptById } from './queries';
