public import CarWindow

/// The list, detail, back example: 30 places in a `ListView` inside a `NavigationStack`; a tap on a row pushes
/// the place's detail page (its name and distance, a Navigate button, a Favourite toggle and a Volume slider), and
/// the bar's Back button, or `NavigationStack.pop()`, comes back to the list where it was.
///
/// ```swift
/// let screen = PlacesScreen()              // keep it: it is the list's data source
/// projection.rootView = screen.stack
/// screen.onNavigate = { place in print("navigate to", place.name) }
/// ```
@CarWindowActor
public final class PlacesScreen: ListDataSource {
    /// One row of the list.
    public struct Place: Hashable, Sendable {
        public var name: String
        /// Distance from the car, in kilometres.
        public var distance: Double

        public init(name: String, distance: Double) {
            self.name = name
            self.distance = distance
        }
    }

    /// The places listed, nearest first.
    public let places: [Place]
    public let list = ListView()
    public let stack: NavigationStack
    /// Places marked as favourite with the detail page's toggle.
    public private(set) var favourites: Set<String> = []
    /// Called with the place whose Navigate button was tapped.
    public var onNavigate: (@CarWindowActor (Place) -> Void)?

    /// A screen listing `places` (30 sample places by default).
    public init(places: [Place] = PlacesScreen.samplePlaces) {
        self.places = places
        stack = NavigationStack(root: list, title: "Places")
        list.dataSource = self
        list.rowHeight = 72
        list.onSelect = { [unowned self] indexPath in self.showDetail(of: indexPath.row) }
    }

    /// 30 places at growing distances.
    public static let samplePlaces: [Place] = [
        "Central Station", "City Hall", "Harbour Car Park", "Riverside Charging", "Old Town Square", "Museum of Art",
        "North Gate Fuel", "Market Hall", "University", "Botanic Garden", "Stadium", "Airport Terminal 1",
        "Airport Terminal 2", "Lakeside Rest Area", "Hospital", "Library", "Ferry Terminal", "Zoo", "Cathedral",
        "Science Park", "Shopping Centre", "Ice Rink", "Concert Hall", "Sea Bath", "Castle", "Old Mill",
        "Hill Viewpoint", "Camping Site", "Ski Lift", "Border Crossing",
    ].enumerated().map { index, name in Place(name: name, distance: 0.4 + Double(index) * 1.7) }

    /// Pushes the detail page of the place at `index`.
    public func showDetail(of index: Int) {
        guard places.indices.contains(index) else { return }
        let place = places[index]
        stack.push(detailPage(for: place), title: place.name)
    }

    private func detailPage(for place: Place) -> View {
        let distance = Label(text: Self.distanceText(place.distance))
        let navigate = Button(title: "Navigate") { [unowned self] in self.onNavigate?(place) }
        let favourite = Toggle(title: "Favourite", isOn: favourites.contains(place.name))
        favourite.onChange = { [unowned self] isOn in
            if isOn { self.favourites.insert(place.name) } else { self.favourites.remove(place.name) }
        }
        let volume = Slider(value: 0.5)
        let page = StackView(
            axis: .vertical, spacing: 16, insets: EdgeInsets(all: 24),
            arrangedSubviews: [distance, navigate, favourite, volume, View()])
        return DetailPage(content: page)
    }

    static func distanceText(_ kilometres: Double) -> String {
        let tenths = Int((kilometres * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }

    public func list(_ list: ListView, numberOfRowsIn section: Int) -> Int { places.count }

    public func list(_ list: ListView, rowFor indexPath: IndexPath) -> ListRow {
        let row = list.dequeueRow(withIdentifier: "place") ?? ListRow(reuseIdentifier: "place")
        let place = places[indexPath.row]
        row.text = place.name
        row.detailText = Self.distanceText(place.distance)
        return row
    }

    public func list(_ list: ListView, identityForRowAt indexPath: IndexPath) -> String { places[indexPath.row].name }
}

/// A detail page: its content on the theme's background.
@CarWindowActor
final class DetailPage: View {
    init(content: View) {
        super.init()
        addSubview(content)
    }

    override var currentBackgroundColor: Color { theme.palette.background }

    override func layoutSubviews() {
        for view in subviews { view.frame = bounds }
    }
}
