/** A text or file size in words: "512 characters", "3.4 KB", "5.1 MB". */
export const formatSize = (chars: number) =>
  chars < 1024 ? `${chars} characters` : chars < 1024 * 1024 ? `${(chars / 1024).toFixed(1)} KB` : `${(chars / 1024 / 1024).toFixed(1)} MB`;
