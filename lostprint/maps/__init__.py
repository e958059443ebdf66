"""Maps: the map model and file format, standard maps, variant generators and checks."""
