/// A scrolling list whose rows come from a ``ListDataSource`` on demand and are reused as they scroll away, so
/// a list of 10,000 rows costs per frame what one of 20 does. Sections with headers, one selected row with a
/// highlight, fixed or measured row heights, and the driver-distraction rule of the app's choice.
///
/// Every visible row is a haptic rect whose id follows the row's identity, so the head unit sees the same item
/// moving as the list scrolls, not a new one.
///
/// ```swift
/// let list = ListView(dataSource: songs)
/// list.rowHeight = 64
/// list.distractionBehavior = .cap(rows: 6)        // while the car moves, the first six rows only
/// list.onSelect = { indexPath in player.play(songs.titles[indexPath.row]) }
/// ```
@CarWindowActor
open class ListView: ScrollView {
    /// What the list does while the head unit reports driver distraction (`OnDriverDistraction` DD_ON).
    public enum DistractionBehavior: Hashable, Sendable {
        /// Nothing changes.
        case none
        /// Only the first `rows` rows are shown (headers do not count).
        case cap(rows: Int)
        /// The list moves a page at a time instead of scrolling freely.
        case page
    }

    public weak var dataSource: (any ListDataSource)?
    /// The height of every row whose data source gives no height.
    public var rowHeight: Double = 64 { didSet { if rowHeight != oldValue { reloadData() } } }
    public var headerHeight: Double = 36 { didSet { if headerHeight != oldValue { reloadData() } } }
    public var distractionBehavior: DistractionBehavior = .none {
        didSet { if distractionBehavior != oldValue { reloadData() } }
    }
    /// Called when the user taps a row (it is selected first).
    public var onSelect: (@CarWindowActor (IndexPath) -> Void)?
    /// The selected row, highlighted; `nil` for none.
    public var selectedIndexPath: IndexPath? {
        didSet {
            guard selectedIndexPath != oldValue else { return }
            for case .row(let indexPath) in visible.keys {
                (visible[.row(indexPath)] as? ListRow)?.isSelected = indexPath == selectedIndexPath
            }
        }
    }

    enum Item: Hashable {
        case header(Int)
        case row(IndexPath)
    }

    /// Every item's place: laid out once per ``reloadData()``, so finding the visible ones is a binary search.
    private var items: [(item: Item, minY: Double, height: Double)] = []
    private var visible: [Item: View] = [:]
    private var reusableRows: [String: [ListRow]] = [:]
    private var reusableHeaders: [ListHeaderView] = []
    private var needsReload = true
    private var isDistracted = false

    /// Rows made so far (not per frame): the reuse pool keeps this near the number of rows on screen.
    public private(set) var rowsCreated = 0

    public init(dataSource: (any ListDataSource)? = nil) {
        self.dataSource = dataSource
        super.init(axes: .vertical)
    }

    /// The theme's surface colour unless a background colour is set.
    open override var currentBackgroundColor: Color {
        backgroundColor.isClear ? theme.palette.surface : backgroundColor
    }

    /// Asks the data source again for counts, heights and the visible rows.
    public func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    /// A row that scrolled away, ready to be configured again, or `nil` when the pool for `identifier` is empty.
    public func dequeueRow(withIdentifier identifier: String) -> ListRow? {
        guard let row = reusableRows[identifier]?.popLast() else { return nil }
        row.prepareForReuse()
        return row
    }

    /// The visible row at `indexPath`, if it is on screen.
    public func visibleRow(at indexPath: IndexPath) -> ListRow? { visible[.row(indexPath)] as? ListRow }

    /// The index paths on screen, in order.
    public var visibleIndexPaths: [IndexPath] {
        visible.keys.compactMap { if case .row(let p) = $0 { p } else { nil } }.sorted()
    }

    /// Scrolls so the row's top is at the top of the list (or as near as the content allows).
    public func scrollToRow(at indexPath: IndexPath, animated: Bool) {
        layoutIfNeeded()
        guard let entry = items.first(where: { $0.item == .row(indexPath) }) else { return }
        scroll(to: Point(x: 0, y: entry.minY), animated: animated)
    }

    open override func environmentDidChange() {
        super.environmentDidChange()
        let distracted = window?.isDriverDistracted ?? false
        if distracted != isDistracted {
            isDistracted = distracted
            reloadData()
        }
    }

    open override func layoutSubviews() {
        if needsReload {
            needsReload = false
            rebuildItems()
        } else if contentSize.width != bounds.width {
            // A resize: rows take the new width, and so must the content, or taps beyond the old width miss.
            contentSize.width = bounds.width
        }
        super.layoutSubviews()
        updateVisibleItems()
    }

    open override func contentOffsetDidChange() {
        updateVisibleItems()
    }

    private func rebuildItems() {
        isDistracted = window?.isDriverDistracted ?? false
        for (_, view) in visible { recycle(view) }
        visible = [:]
        items = []
        var y = 0.0
        var rowsLeft = Int.max
        if isDistracted, case .cap(let rows) = distractionBehavior { rowsLeft = max(0, rows) }
        isPagingEnabled = isDistracted && distractionBehavior == .page
        if let dataSource {
            let sections = max(0, dataSource.numberOfSections(in: self))
            for section in 0..<sections where rowsLeft > 0 {
                if dataSource.list(self, titleForHeaderIn: section) != nil {
                    items.append((.header(section), y, headerHeight))
                    y += headerHeight
                }
                let count = min(max(0, dataSource.list(self, numberOfRowsIn: section)), rowsLeft)
                rowsLeft -= count
                for row in 0..<count {
                    let indexPath = IndexPath(section: section, row: row)
                    let height = max(1, dataSource.list(self, heightForRowAt: indexPath) ?? rowHeight)
                    items.append((.row(indexPath), y, height))
                    y += height
                }
            }
        }
        contentSize = Size(width: bounds.width, height: y)
        if isPagingEnabled { scroll(to: Point(x: 0, y: pageStart(for: contentOffset.y)), animated: false) }
    }

    /// Shows the items that intersect the visible area, reusing views of items that left it.
    private func updateVisibleItems() {
        guard !items.isEmpty else { return }
        let top = contentOffset.y
        let bottom = top + bounds.height
        var wanted: [(item: Item, minY: Double, height: Double)] = []
        var index = firstItem(endingAfter: top)
        while index < items.count, items[index].minY < bottom {
            wanted.append(items[index])
            index += 1
        }
        let wantedSet = Set(wanted.map(\.item))
        for (item, view) in visible where !wantedSet.contains(item) {
            recycle(view)
            visible[item] = nil
        }
        for entry in wanted {
            let view = visible[entry.item] ?? makeView(for: entry.item)
            visible[entry.item] = view
            view.frame = Rect(x: 0, y: entry.minY, width: bounds.width, height: entry.height)
        }
    }

    /// The first item whose bottom is below `y` (binary search).
    private func firstItem(endingAfter y: Double) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let mid = (low + high) / 2
            if items[mid].minY + items[mid].height <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func makeView(for item: Item) -> View {
        switch item {
        case .header(let section):
            let header = reusableHeaders.popLast() ?? ListHeaderView()
            header.text = dataSource?.list(self, titleForHeaderIn: section) ?? ""
            show(header)
            return header
        case .row(let indexPath):
            guard let dataSource else { return View() }
            let before = reusableRows.values.reduce(0) { $0 + $1.count }
            let row = dataSource.list(self, rowFor: indexPath)
            let after = reusableRows.values.reduce(0) { $0 + $1.count }
            if after == before { rowsCreated += 1 }
            row.indexPath = indexPath
            row.isSelected = indexPath == selectedIndexPath
            row.hapticOwner = self
            row.hapticKey = dataSource.list(self, identityForRowAt: indexPath)
            row.action = { [weak self, weak row] in
                guard let self, let row else { return }
                self.selectedIndexPath = row.indexPath
                self.onSelect?(row.indexPath)
            }
            show(row)
            return row
        }
    }

    private func show(_ view: View) {
        if view.superview !== contentView { contentView.addSubview(view) }
        view.isHidden = false
    }

    /// Hidden, not removed: the view stays a subview so reuse costs no tree change.
    private func recycle(_ view: View) {
        view.isHidden = true
        if let row = view as? ListRow {
            row.isHighlighted = false
            reusableRows[row.reuseIdentifier, default: []].append(row)
        } else if let header = view as? ListHeaderView {
            reusableHeaders.append(header)
        }
    }
}
