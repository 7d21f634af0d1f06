//! Just enough JSON to print one object: strings escaped, numbers as they are.

pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `{"k": v, …}` from keys and already-encoded values.
pub fn object<'a>(fields: impl IntoIterator<Item = (&'a str, String)>) -> String {
    let body: Vec<String> = fields
        .into_iter()
        .map(|(k, v)| format!("{}:{v}", string(k)))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// The chosen options as a JSON object: numbers as numbers, words as strings.
pub fn options(game: &crate::ir::Game) -> String {
    object(game.chosen.iter().map(|(k, v)| {
        let v = match v {
            crate::syntax::ast::Value::Int(n) => n.to_string(),
            crate::syntax::ast::Value::Word(w) => string(w),
        };
        (k.as_str(), v)
    }))
}
