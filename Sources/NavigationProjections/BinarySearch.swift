/// The position of the last element of `elements` (sorted by `key`) whose key is at most `index`.
func lastIndex<Element>(in elements: [Element], atOrBefore index: UInt64, by key: (Element) -> UInt64) -> Int? {
    lastPosition(count: elements.count, atOrBefore: index) { key(elements[$0]) }
}

/// The last of positions `0 ..< count` (sorted by `key`) whose key is at most `index`.
func lastPosition(count: Int, atOrBefore index: UInt64, key: (Int) -> UInt64) -> Int? {
    var low = 0, high = count
    while low < high {
        let mid = (low + high) / 2
        if key(mid) <= index { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? nil : low - 1
}
