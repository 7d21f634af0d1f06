//! Promotions by cell code, for the engine.

/// The promotions by cell code, for the engine: no look-up of the piece's type while
/// playing, and an empty table when nothing is promoted.
/// With it, the codes each piece may become where the player chooses (empty where
/// there is no choice).
#[allow(clippy::type_complexity)]
pub(super) fn promotions_by_code(
    by_type: &[Option<(usize, Vec<usize>)>],
    players: usize,
    types: usize,
) -> (Vec<Option<(usize, u8)>>, Vec<Vec<u8>>) {
    if by_type.iter().all(Option::is_none) {
        return (Vec::new(), Vec::new());
    }
    let mut table = vec![None; 1 + players * types];
    let mut choices = vec![Vec::new(); 1 + players * types];
    for player in 0..players {
        for (t, p) in by_type.iter().enumerate() {
            if let Some((zone, into)) = p {
                let code = |t: usize| (1 + player * types + t) as u8;
                table[code(t) as usize] = Some((*zone, code(into[0])));
                if into.len() > 1 {
                    choices[code(t) as usize] = into.iter().map(|&i| code(i)).collect();
                }
            }
        }
    }
    if choices.iter().all(Vec::is_empty) {
        choices.clear();
    }
    (table, choices)
}
