/** The folders screen opens its New Folder dialog when it is reached with this state. */
export const NEW_FOLDER_STATE = { newFolder: true } as const;
