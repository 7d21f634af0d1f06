//! The brackets of a source text, `(`, `)`, `{` and `}`, outside comments and quoted text:
//! what the nesting limit counts and where an unclosed brace is looked for, read the way the
//! grammar reads comments (`#` to the end of the line) and titles (`"` to `"` or the line's
//! end).

/// Each bracket with its byte offset, in order.
pub fn brackets(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some((i, c)) = chars.next() {
            match c {
                '#' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
                '"' => {
                    while chars.next_if(|&(_, c)| c != '"' && c != '\n').is_some() {}
                    chars.next_if(|&(_, c)| c == '"');
                }
                '(' | ')' | '{' | '}' => return Some((i, c)),
                _ => {}
            }
        }
        None
    })
}
