//! "Did you mean": the known name closest to a misspelt one, by Damerau–Levenshtein
//! distance, so that a swapped pair of letters (`nroth`, `ahaed`) counts as one edit.

/// The closest known name to `name`, if one is close enough to be a likely misspelling.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let name = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(&name, &k.to_lowercase()), k))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// The compass letters of a compass word (`north` → `n`, `south_east` or `southeast` →
/// `se`), for suggesting a direction's name.
pub fn compass_letters(word: &str) -> Option<&'static str> {
    let word: String = word
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    Some(match word.as_str() {
        "north" => "n",
        "south" => "s",
        "east" => "e",
        "west" => "w",
        "northeast" => "ne",
        "northwest" => "nw",
        "southeast" => "se",
        "southwest" => "sw",
        _ => return None,
    })
}
