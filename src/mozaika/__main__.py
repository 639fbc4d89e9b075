from mozaika.cli.app import run

run()
