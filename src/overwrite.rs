//! Writing a file without replacing one of another kind by accident: a command that writes
//! (`save`, `show --svg`) replaces only a file of its own kind, told by its first bytes,
//! unless it is told to (`--force`). Only the start of the old file is read, so a huge file
//! or a device costs nothing.

use std::io::Read;

/// How many bytes of an existing file are read to tell its kind.
const HEAD: u64 = 64;

/// Whether `path` may be written: it does not exist (or cannot be read, which the write
/// will then report), or its first bytes show it is of the kind being written.
pub fn may_replace(path: &str, own_kind: impl Fn(&[u8]) -> bool) -> bool {
    let Ok(file) = std::fs::File::open(path) else {
        return true;
    };
    let mut head = Vec::new();
    if file.take(HEAD).read_to_end(&mut head).is_err() {
        return true;
    }
    own_kind(&head)
}
