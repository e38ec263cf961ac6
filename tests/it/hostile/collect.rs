//! Class 9: collection memory is linear in the map. A statement keeps each
//! territory's first-arrival parent (`via`) and the parents of the other
//! nodes its lines pass (`relays`), not each line: a chain of territories,
//! whose lines sum to n²/2 keys, is stored in a few keys a territory, and
//! its lines are rebuilt from the parents. The stored keys are counted, not
//! timed.

use super::{qm, s, scratch};
use quartermaster::collect::IncomeStatement;

/// Territories in the chain.
const CHAIN: usize = 20_000;

/// A chain of `n` French territories, each adjacent to the next, with
/// Paris (a city, France's supply center) at one end: the line of the
/// territory at the other end passes all of them.
fn chain(n: usize) -> String {
    let mut t = String::from(
        "(key: \"t0\", name: \"Paris\", kind: Land, control: \"france\", value: 1, features: [Capital, City], \
         adjacent: [\"t1\"]),\n",
    );
    for i in 1..n {
        let next = if i + 1 < n { format!("\"t{}\"", i + 1) } else { String::new() };
        t.push_str(&format!("(key: \"t{i}\", kind: Land, control: \"france\", value: 1, adjacent: [{next}]),\n"));
    }
    format!(
        "Scenario(title: \"a chain of territories\", ruleset: \"../../assets/rulesets/wteaw.ron\", side: Allies,\n \
         territories: [\n{t}])\n"
    )
}

/// The keys a statement stores for its lines: every territory's key and
/// `via`, every relay's node and `via`.
fn stored_keys(s: &IncomeStatement) -> usize {
    let territories: usize = s.territories.iter().map(|t| 1 + usize::from(t.via.is_some())).sum();
    let relays: usize = s.relays.iter().map(|r| 1 + usize::from(r.via.is_some())).sum();
    territories + relays
}

#[test]
fn a_chain_of_twenty_thousand_territories_is_stored_in_linear_memory() {
    let root = scratch("collect-chain");
    let file = root.join("scenarios/t/chain.ron");
    std::fs::write(&file, chain(CHAIN)).unwrap();
    let mut g = quartermaster::game::Game::load(&file, 1).unwrap_or_else(|e| panic!("{e}"));
    let made = qm_cli::collect::play_collection(&mut g).expect("a collection phase");
    let france = made.iter().find(|s| s.nation == "france").expect("france collects");
    assert_eq!((france.territories.len(), france.total), (CHAIN, CHAIN as u32));
    // Every line traced: 2 keys a territory (itself and its parent), no
    // relay on a chain of its own territories; the lines sum to 200 million.
    let keys = stored_keys(france);
    assert!(keys <= 3 * CHAIN, "{keys} keys stored for {CHAIN} territories");
    // The line of the far end is rebuilt whole, Paris first.
    let far = format!("t{}", CHAIN - 1);
    let line = france.line_of(&far).expect("the far end traces");
    assert_eq!(line.len(), CHAIN);
    assert_eq!((line[0].as_str(), line[CHAIN - 1].as_str()), ("t0", far.as_str()));
    // All of them at once, through one index of the parents: each as long
    // as its place in the chain.
    let parents = france.parents();
    for i in [0, 1, CHAIN / 2, CHAIN - 2] {
        assert_eq!(parents.line_of(&format!("t{i}")).map(|l| l.len()), Some(i + 1));
    }
    // `qm collect`, text and JSON, under the 2 GiB limit (before, a chain
    // of 10k took 8.6 GB): the text shows a long line's last nodes.
    let out = qm(&["collect", s(&file), "--nation", "france"]);
    assert_eq!(out.code, Some(0), "{}", out.err);
    let shown = format!("line ... - t{} - t{} - ", CHAIN - 12, CHAIN - 11);
    assert!(out.out.contains(&shown) && out.out.contains(&format!("t{} - {far}\n", CHAIN - 2)), "{shown}");
    let json = qm(&["collect", s(&file), "--nation", "france", "--json"]);
    assert_eq!(json.code, Some(0), "{}", json.err);
    let compact: String = json.out.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(compact.contains(&format!("\"id\":\"{far}\"")), "the far end listed");
    assert!(compact.contains(&format!("\"via\":\"t{}\"", CHAIN - 2)), "the far end's parent");
    let _ = std::fs::remove_dir_all(root);
}
