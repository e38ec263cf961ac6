//! Files the commands write (`-o` of `render` and `replay`, `qm step`'s
//! `save`): only regular files, new or replaced. A FIFO, a device or a
//! directory at the path is refused before it is opened, so a command
//! never blocks on a pipe nobody reads nor writes into a device.

use std::io;
use std::path::Path;

/// Checks that `path` names a regular file or nothing yet.
///
/// # Errors
/// `InvalidInput` naming what is there instead.
pub fn check(path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a regular file ({}): outputs are written only to regular files", kind_of(&m)),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Writes `bytes` to `path`, a regular file or nothing yet ([`check`]).
///
/// # Errors
/// The refusal of [`check`], or the write's error.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    check(path)?;
    std::fs::write(path, bytes)
}

/// What a path that is not a regular file holds.
fn kind_of(m: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if m.is_dir() { "a directory" } else { "not a file" }
}
