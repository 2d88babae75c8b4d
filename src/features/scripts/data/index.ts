// The scripts domain's public data API: its outbox kinds, pulls and local writes, and the named
// reads the video create flow uses (a saved script to start from, the script writer's reach). No React.
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
export { SCRIPT_WRITER_COLLECTION, createScriptWriterSync } from './script-writer';
export { scriptsRecentlyEdited, scriptById, scriptWriterOnDevice } from './queries';
